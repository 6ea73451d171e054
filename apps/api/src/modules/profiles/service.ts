import {
  hasFeature,
  type OwnerType,
  type PlanTier,
  type ProfilePage,
  permissionsForRole,
  sectionKinds,
  socialLinkKeys,
} from "@vn/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { follows } from "../../db/schema/index";
import type { Principal } from "../accounts/session-lookup";
import { activeCountsByKind, findProfileBySlug } from "../content/service";

function parseLinks(raw: string): Record<string, string | null> {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    // A malformed stored value shows as no links rather than failing the page.
  }
  return Object.fromEntries(
    socialLinkKeys.map((k) => [k, typeof parsed[k] === "string" ? (parsed[k] as string) : null]),
  );
}

/** The profile page's data for one viewer (null = visitor). */
export async function profilePage(db: Db, slug: string, principal: Principal | null): Promise<ProfilePage> {
  const profile = await findProfileBySlug(db, slug);
  const viewerId = principal?.profileId ?? null;
  const isOwner = viewerId === profile.id;

  const by = await activeCountsByKind(db, profile.id);
  const sum = (kinds: string[]) => kinds.reduce((acc, k) => acc + (by.get(k) ?? 0), 0);

  const followed = viewerId
    ? (
        await db
          .select({ one: sql`1` })
          .from(follows)
          .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, profile.id)))
          .limit(1)
      ).length > 0
    : false;

  const ownerType: OwnerType = profile.type === "company" ? "company" : "user";
  const tabs: ProfilePage["tabs"] = ["media", "feed"];
  if (hasFeature(ownerType, profile.planTier as PlanTier, "messenger.use")) tabs.push("contact");
  if (ownerType === "company" && principal?.companyRole && isOwner) {
    if (permissionsForRole(principal.companyRole).employees !== "none") tabs.push("team");
  }
  const image = profile.imageUrl ? { urls: { preview: profile.imageUrl } } : null;
  const background = profile.backgroundUrl ? { urls: { preview: profile.backgroundUrl } } : null;

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
    },
    socialLinks: parseLinks(profile.socialLinks) as ProfilePage["socialLinks"],
    contacts: {
      mainEmail: profile.contactEmail,
      mainPhone: profile.contactPhone,
      additionalEmail: profile.additionalEmail,
      additionalPhone: profile.additionalPhone,
    },
    tabs,
    isOwner,
  };
}
