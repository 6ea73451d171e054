import {
  can,
  hasFeature,
  type OwnerType,
  type ProfilePage,
  type SessionActor,
  sectionKinds,
} from "@vn/contract";
import type { Db } from "../../db/client";
import { businessBadges } from "../../shared/business-badge";
import { activeCountsByKind } from "../../shared/content-view";
import { badgeOf, findVisibleProfileBySlug, profileImage, viewerOfActor } from "../../shared/profile-view";
import { isFollowing } from "../../shared/social-graph";
import { planTierOf } from "../../shared/subscriptions";
import { contactsOf, parseSocialLinks } from "./page-fields";

/**
 * The profile page's data for one viewer (null = visitor). A profile that blocked the viewer, or
 * one its privacy level keeps from them (decision 0014), answers content_notFound; the one who
 * blocked still gets the page, to see that they did and to unblock.
 */
export async function profilePage(db: Db, slug: string, actor: SessionActor | null): Promise<ProfilePage> {
  const profile = await findVisibleProfileBySlug(db, slug, viewerOfActor(actor), { blockerMaySee: true });
  const viewerId = actor?.profileId ?? null;
  const isOwner = viewerId === profile.id;

  const by = await activeCountsByKind(db, profile.id);
  const sum = (kinds: string[]) => kinds.reduce((acc, k) => acc + (by.get(k) ?? 0), 0);

  const followed = await isFollowing(db, viewerId, profile.id);

  const ownerType: OwnerType = profile.type === "company" ? "company" : "user";
  const tabs: ProfilePage["tabs"] = ["media", "feed"];
  // The connect tab follows the viewed owner's plan (spec §6); the people tab the viewer's scope.
  if (hasFeature(ownerType, await planTierOf(db, profile.id), "messenger.use")) tabs.push("contact");
  if (ownerType === "company" && can(actor, "team.view", { ownerProfileId: profile.id })) tabs.push("team");
  const image = profileImage(profile.imageUrl);
  const background = profileImage(profile.backgroundUrl);

  return {
    followersCount: profile.followersCount,
    followingCount: profile.followingCount,
    followed,
    mediaCounts: {
      all: sum([...by.keys()].filter((k) => k !== "repost")),
      releases: sum(["release", "news"]),
      responses: sum(["response"]),
      recordings: sum(["audio", "podcast", "video", "recording"]),
    },
    sectionCounts: Object.fromEntries(
      Object.entries(sectionKinds).map(([section, kinds]) => [section, sum([...kinds])]),
    ) as ProfilePage["sectionCounts"],
    user: {
      id: profile.id,
      name: profile.name,
      slug: profile.slug,
      profession: profile.profession,
      type: { id: ownerType },
      about: profile.about,
      image,
      backgroundImage: background,
      city: profile.city,
      country: profile.country,
      verificationStatus: profile.verificationStatus,
      verifiedAt: profile.verifiedAt?.toISOString() ?? null,
      badge: await badgeOf(db, profile.id),
      business:
        ownerType === "company" ? ((await businessBadges(db, [profile.id])).get(profile.id) ?? null) : null,
    },
    socialLinks: parseSocialLinks(profile.socialLinks),
    contacts: contactsOf(profile),
    tabs,
    isOwner,
  };
}
