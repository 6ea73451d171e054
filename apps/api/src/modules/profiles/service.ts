import {
  AppError,
  can,
  hasFeature,
  type OwnerType,
  type PlanTier,
  type ProfilePage,
  type SessionActor,
  sectionKinds,
} from "@vn/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { profiles, subscriptions } from "../../db/schema/index";
import { businessBadges } from "../../shared/business-badge";
import {
  badgeShown,
  findProfileBySlug,
  mayView,
  profileImage,
  VISITOR,
  viewerOfActor,
} from "../../shared/profile-view";
import { contactsOf, parseSocialLinks } from "./page-fields";

/**
 * The profile page's one statement (below), prepared once for a visitor and once for a signed-in
 * viewer (db/prepared.ts): every profile view runs it. Generic: every part is found by a key (the
 * slug's unique index, primary keys), and planning it for each request cost PostgreSQL more than
 * running it (bind 0.55 ms against 0.08 ms; decision 0031).
 */
function pageStatement(signedIn: boolean) {
  return preparedOnce(
    signedIn ? "profile_page_viewer" : "profile_page_visitor",
    (db) => profilePageQuery(db, signedIn),
    { generic: true },
  );
}

/** The profile page's statement for a visitor or a signed-in viewer (`slug`, `viewer`). */
export function profilePageQuery(db: Db, signedIn: boolean) {
  const viewer = sql.placeholder("viewer");
  return db
    .select({
      profile: profiles,
      // content_counts is trigger-kept (one row per owner, kind and status).
      counts: sql<string>`(SELECT coalesce(json_object_agg(c.kind, c.n), '{}')::text FROM content_counts c
                             WHERE c.owner_id = ${profiles.id} AND c.status = 'active')`,
      planTier: subscriptions.planTier,
      badgeActive: subscriptions.badgeActive,
      badgeVisible: subscriptions.badgeVisible,
      followed: signedIn
        ? sql<boolean>`EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewer}::text AND f.followee_id = ${profiles.id})`
        : sql<boolean>`false`,
      blocksViewer: signedIn
        ? sql<boolean>`EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${profiles.id} AND b.blocked_id = ${viewer}::text)`
        : sql<boolean>`false`,
    })
    .from(profiles)
    .leftJoin(subscriptions, eq(subscriptions.ownerProfileId, profiles.id))
    .where(sql`lower(${profiles.slug}) = lower(${sql.placeholder("slug")}::text)`)
    .limit(1);
}
const pageOfVisitor = pageStatement(false);
const pageOfViewer = pageStatement(true);

/**
 * The profile page's data for one viewer (null = visitor). A profile that blocked the viewer, or
 * one its privacy level keeps from them (decision 0014), answers content_notFound; the one who
 * blocked still gets the page, to see that they did and to unblock.
 *
 * One round trip (decision 0028): the profile row with its active counts per kind, its plan and
 * badge flags, and the viewer's follow and the profile's block of the viewer; a company's KYB badge
 * is a second read.
 */
export async function profilePage(db: Db, slug: string, actor: SessionActor | null): Promise<ProfilePage> {
  const viewer = viewerOfActor(actor);
  const viewerId = viewer.profileId;
  const [row] = await (viewerId ? pageOfViewer : pageOfVisitor)(db).execute({ slug, viewer: viewerId });
  // As findVisibleProfileBySlug with blockerMaySee: only active profiles, as their privacy allows,
  // never to someone they blocked.
  if (row?.profile.status !== "active") throw new AppError("content_notFound");
  const profile = row.profile;
  if (!mayView(profile, viewer) || (row.blocksViewer && viewerId !== profile.id))
    throw new AppError("content_notFound");
  const isOwner = viewerId === profile.id;

  const by = new Map(Object.entries(JSON.parse(row.counts) as Record<string, number>));
  const sum = (kinds: string[]) => kinds.reduce((acc, k) => acc + (by.get(k) ?? 0), 0);

  const ownerType: OwnerType = profile.type === "company" ? "company" : "user";
  const tabs: ProfilePage["tabs"] = ["media", "feed"];
  // The connect tab follows the viewed owner's plan (spec §6); the people tab the viewer's scope.
  const tier = (row.planTier ?? "basic") as PlanTier;
  if (hasFeature(ownerType, tier, "messenger.use")) tabs.push("contact");
  if (ownerType === "company" && can(actor, "team.view", { ownerProfileId: profile.id })) tabs.push("team");
  const image = profileImage(profile.imageUrl);
  const background = profileImage(profile.backgroundUrl);

  return {
    followersCount: profile.followersCount,
    followingCount: profile.followingCount,
    followed: Boolean(row.followed),
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
      badge: badgeShown(profile.type, row.planTier, row.badgeActive, row.badgeVisible),
      business:
        ownerType === "company" ? ((await businessBadges(db, [profile.id])).get(profile.id) ?? null) : null,
    },
    socialLinks: parseSocialLinks(profile.socialLinks),
    contacts: contactsOf(profile),
    tabs,
    isOwner,
  };
}

// Whether a signed-in viewer's page differs from a visitor's, beyond the profile itself: one
// statement, prepared once and planned generically, all by keys (every signed-in profile and
// publication render asks it).
const visitorViewDiffers = preparedOnce("visitor_view_differs", (db) => visitorViewDiffersQuery(db), {
  generic: true,
});

/** visitorViewDiffers' statement (`viewer`, `profile`). */
function visitorViewDiffersQuery(db: Db) {
  const viewer = sql`${sql.placeholder("viewer")}::text`;
  // Qualified by hand: in a one-table select drizzle writes a bare "id", ambiguous in the subqueries.
  const profileId = sql.raw(`"profiles"."id"`);
  return db
    .select({
      differs: sql<boolean>`EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${viewer})
        OR EXISTS (SELECT 1 FROM blocks WHERE blocked_id = ${viewer})
        OR (EXISTS (SELECT 1 FROM content_counts
                    WHERE owner_id = ${profileId} AND kind = 'repost' AND status = 'active' AND n > 0)
            AND EXISTS (SELECT 1 FROM content_items r
                        JOIN content_items o ON o.id = r.repost_of_id
                        JOIN profiles op ON op.id = o.owner_id
                        WHERE r.owner_id = ${profileId} AND r.status = 'active' AND r.kind = 'repost'
                          AND NOT (op.privacy = 'public_verified' AND op.verification_status = 'verified')))`,
    })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder("profile")));
}

/**
 * Whether this viewer sees the profile's pages (/{slug} and its tabs, its publications' detail
 * pages) exactly as a visitor without a session does, so the web may serve them the cached
 * anonymous render (decision 0028). Everything that makes a signed-in viewer's page differ from
 * the visitor's answers false:
 *
 * - the profile is not public to visitors (privacy level, decision 0014) or not there at all;
 * - the viewer is the profile (owner mode, drafts, editable items), or staff;
 * - the viewer has a block with anyone (blocks hide pages and the publications they repost);
 * - the profile reposts a publication of a profile visitors may not see (members may).
 *
 * The rest of a signed-in page (follow state, reactions, the header) is read by the browser.
 * Answers the profile's id when the viewer is signed in and sees the visitor's view, else null.
 */
export async function visitorViewOf(db: Db, slug: string, actor: SessionActor): Promise<string | null> {
  const viewerId = actor.profileId;
  if (!viewerId || actor.staffRole) return null;
  const profile = await findProfileBySlug(db, slug).catch(() => null);
  if (!profile || profile.id === viewerId || !mayView(profile, VISITOR)) return null;
  if (can(actor, "team.view", { ownerProfileId: profile.id })) return null;
  // One round trip for the viewer's blocks and the profile's reposts of non-public profiles; the
  // reposts are looked at only when the trigger-kept counts say there are any (PostgreSQL
  // evaluates each EXISTS when the expression first needs it).
  const [row] = await visitorViewDiffers(db).execute({ viewer: viewerId, profile: profile.id });
  return row?.differs === false ? profile.id : null;
}
