import type {
  ContentItem,
  PlanTier,
  PrivacyLevel,
  ProfileBadge,
  ProfileCard,
  SessionActor,
} from "@vn/contract";
import { AppError, entitlementOf } from "@vn/contract";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { preparedOnce } from "../db/prepared";
import { profiles, subscriptions, users } from "../db/schema/index";
import { followedAmong, hasBlocked, isBlockedBetween } from "./social-graph";

/**
 * The one face of a profile on the wire: the same fields wherever someone appears (a notification's
 * actor, a comment's author, a publication's owner, a card in a list), built from the same row by
 * the same function, with the one picture shape the contract gives each place.
 */

type ProfileRow = typeof profiles.$inferSelect;
export type ProfileFaceRow = Pick<
  ProfileRow,
  "id" | "slug" | "name" | "type" | "verificationStatus" | "imageUrl"
>;

/** A stored picture as faces, the session and the profile page carry it (`image.urls.preview`). */
export type ImageRef = { urls: { preview: string } } | null;

export function profileImage(url: string | null): ImageRef {
  return url ? { urls: { preview: url } } : null;
}

/**
 * The picture in every size a publication's owner carries (§3 ContentItem.owner.image). Variants
 * of profile pictures arrive with the media pipeline; until then every size is the one stored image.
 */
export function sizedProfileImage(url: string | null): ContentItem["owner"]["image"] {
  return url ? { urls: { extraSmall: url, small: url, preview: url, full: url } } : null;
}

export interface ProfileFace {
  id: string;
  slug: string;
  name: string;
  type: "user" | "company";
  verificationStatus: string;
  image: ImageRef;
}

/** Who someone is, at a glance: notification actors, comment authors, and the base of every card. */
export function profileFace(row: ProfileFaceRow): ProfileFace {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    type: row.type === "company" ? "company" : "user",
    verificationStatus: row.verificationStatus,
    image: profileImage(row.imageUrl),
  };
}

/** A publication's owner: the face, with the picture in every size. */
export function contentOwnerFace(row: ProfileFaceRow): ContentItem["owner"] {
  return { ...profileFace(row), image: sizedProfileImage(row.imageUrl) };
}

/** The face in lists (followers, suggestions, who reacted, search); `followed` is the viewer's. */
export function profileCard(row: ProfileRow, followed: boolean, badge: ProfileBadge = null): ProfileCard {
  return {
    ...profileFace(row),
    profession: row.profession,
    city: row.city,
    country: row.country,
    followersCount: row.followersCount,
    followed,
    badge,
  };
}

/**
 * Profile rows by id, and the badges' subscriptions below: one array value each, so one prepared
 * text whatever the number of ids (an IN list is a new text, parsed and planned, per length);
 * planned once, as primary-key (and unique owner) probes.
 */
export function profilesByIdsQuery(db: Db) {
  return db
    .select()
    .from(profiles)
    .where(sql`${profiles.id} = ANY(${sql.placeholder("ids")}::text[])`);
}
export function badgeSubscriptionsQuery(db: Db) {
  return db
    .select({ id: profiles.id, type: profiles.type, tier: subscriptions.planTier })
    .from(subscriptions)
    .innerJoin(profiles, eq(profiles.id, subscriptions.ownerProfileId))
    .where(
      and(
        sql`${subscriptions.ownerProfileId} = ANY(${sql.placeholder("ids")}::text[])`,
        eq(subscriptions.badgeActive, true),
        eq(subscriptions.badgeVisible, true),
      ),
    );
}
const profilesByIds = preparedOnce("profiles_by_ids", profilesByIdsQuery, { generic: true });
const badgeSubscriptions = preparedOnce("badge_subscriptions", badgeSubscriptionsQuery, { generic: true });

/** Cards for these ids, in the given order; missing profiles are left out. */
export async function loadProfileCards(
  db: Db,
  ids: string[],
  viewerId: string | null,
): Promise<ProfileCard[]> {
  if (ids.length === 0) return [];
  const [rows, followed, badges] = await Promise.all([
    profilesByIds(db).execute({ ids }),
    followedAmong(db, viewerId, ids),
    badgesOf(db, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [profileCard(row, followed.has(id), badges.get(id) ?? null)] : [];
  });
}

// The profile badge (issue 13) ------------------------------------------------------------------

/**
 * The badge each of these profiles shows: "premium" when its owner bought the badge
 * (badge_active), shows it (badge_visible) and its plan grants `badges.use` (premium and above);
 * a downgrade below premium hides it at once, whatever the stored flags say.
 */
export async function badgesOf(db: Db, ids: string[]): Promise<Map<string, "premium">> {
  if (ids.length === 0) return new Map();
  const rows = await badgeSubscriptions(db).execute({ ids: [...new Set(ids)] });
  const shown = rows.filter((row) => badgeShown(row.type, row.tier, true, true) !== null);
  return new Map(shown.map((row) => [row.id, "premium" as const]));
}

/** The badge a profile of `type` shows with its subscription's tier and badge flags (badgesOf's rule). */
export function badgeShown(
  type: string,
  tier: string | null,
  active: boolean | null,
  visible: boolean | null,
): ProfileBadge {
  if (!tier || !active || !visible) return null;
  const owner = type === "company" ? "company" : "user";
  return entitlementOf({ owner, tier: tier as PlanTier }, "badges.use") === true ? "premium" : null;
}

/** The badge one profile shows (the profile page). */
export async function badgeOf(db: Db, id: string): Promise<ProfileBadge> {
  return (await badgesOf(db, [id])).get(id) ?? null;
}

/** A profile others may see and act on: not deleted, blocked or removed. */
export function isVisibleProfile(row: Pick<ProfileRow, "status">): boolean {
  return row.status === "active";
}

/** A public profile by handle (case-insensitive); anything but an active one answers content_notFound. */
// Every profile route starts here: prepared once and planned generically (db/prepared.ts): the
// slug's unique index answers whatever the value, and planning per request cost PostgreSQL more
// than the read (bind 0.25 ms, execute 0.05 ms; decision 0031).
export function profileBySlugQuery(db: Db) {
  return db
    .select()
    .from(profiles)
    .where(sql`lower(${profiles.slug}) = lower(${sql.placeholder("slug")}::text)`)
    .limit(1);
}
const profileBySlug = preparedOnce("profile_by_slug", profileBySlugQuery, { generic: true });

export async function findProfileBySlug(db: Db, slug: string): Promise<ProfileRow> {
  const [row] = await profileBySlug(db).execute({ slug });
  // Only active profiles are public: deleted (by the user or the team), blocked or disabled ones are not.
  if (row?.status !== "active") throw new AppError("content_notFound");
  return row;
}

// Who may see a profile (docs/decisions/0014-profile-privacy.md) -------------------------------

/** Who looks: the acting profile (null for a visitor), whether it is verified, and staff. */
export interface Viewer {
  profileId: string | null;
  verified: boolean;
  staff: boolean;
}

export const VISITOR: Viewer = { profileId: null, verified: false, staff: false };

/** The viewer a request's actor is (the acting profile's verification; staff acting as themselves). */
export function viewerOfActor(actor: SessionActor | null): Viewer {
  if (!actor?.profileId) return VISITOR;
  return {
    profileId: actor.profileId,
    verified: actor.verificationStatus === "verified",
    staff: actor.staffRole !== null && actor.profileType === "user",
  };
}

/** The viewer behind an acting profile id (reads that only know the id); null is a visitor. */
export async function viewerOfProfile(db: Db, profileId: string | null): Promise<Viewer> {
  if (!profileId) return VISITOR;
  return (
    (await viewersOfProfiles(db, [profileId])).get(profileId) ?? { profileId, verified: false, staff: false }
  );
}

/** The viewers behind several acting profile ids at once (the sockets of a room, say). */
export async function viewersOfProfiles(db: Db, profileIds: string[]): Promise<Map<string, Viewer>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, verificationStatus: profiles.verificationStatus, staffRole: users.staffRole })
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(inArray(profiles.id, [...new Set(profileIds)]));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        profileId: row.id,
        verified: row.verificationStatus === "verified",
        staff: (row.staffRole ?? null) !== null,
      },
    ]),
  );
}

type PrivacyRow = Pick<ProfileRow, "id" | "privacy" | "verificationStatus">;

/**
 * The level in force: the stored one, except that public_verified holds only while the profile is
 * verified (spec §6: verified status unlocks the public profile); otherwise it is base_privacy.
 */
export function effectivePrivacy(row: Pick<ProfileRow, "privacy" | "verificationStatus">): PrivacyLevel {
  if (row.privacy === "verified_privacy") return "verified_privacy";
  if (row.privacy === "public_verified" && row.verificationStatus === "verified") return "public_verified";
  return "base_privacy";
}

/**
 * Whether the viewer may see the profile (and what it published): public_verified → everyone;
 * base_privacy → signed-in members; verified_privacy → verified members. The profile itself and
 * staff always may.
 */
export function mayView(row: PrivacyRow, viewer: Viewer): boolean {
  if (viewer.staff || viewer.profileId === row.id) return true;
  switch (effectivePrivacy(row)) {
    case "public_verified":
      return true;
    case "base_privacy":
      return viewer.profileId !== null;
    case "verified_privacy":
      return viewer.profileId !== null && viewer.verified;
  }
}

/** The levels this viewer may see, as a condition on a `profiles` row (mayView in SQL). */
export function levelsSeenBy(viewer: Viewer): SQL {
  return levelsSql[levelsKeyOf(viewer)]();
}

/** Which privacy levels a viewer sees, named: the key of levelsSeenBy's SQL (prepared queries use it). */
export function levelsKeyOf(viewer: Viewer): "all" | "visitor" | "unverified" {
  if (viewer.staff) return "all";
  return !viewer.profileId ? "visitor" : viewer.verified ? "all" : "unverified";
}

const levelsSql = {
  all: () => sql`true`,
  visitor: () => sql`privacy = 'public_verified' AND verification_status = 'verified'`,
  unverified: () => sql`privacy <> 'verified_privacy'`,
};

/** `ownerColumn` names an active profile the viewer may see (mayView in SQL, for lists). */
export function ownerVisibleTo(ownerColumn: SQL | unknown, viewer: Viewer): SQL {
  if (viewer.staff) return sql`true`;
  return sql`${ownerColumn} IN (SELECT id FROM profiles WHERE status = 'active' AND (${levelsSeenBy(viewer)} OR id = ${viewer.profileId}))`;
}

/**
 * `column` names a profile that may appear to this viewer in search and suggestions: one it may
 * see (ownerVisibleTo) that is also verified — product decisions' verification gates: a person
 * who is not verified, and a company whose KYB is not, "may not appear in search/suggestions".
 * The profile itself still finds itself.
 */
export function discoverableBy(column: SQL | unknown, viewer: Viewer): SQL {
  return sql`${column} IN (SELECT id FROM profiles WHERE ${discoverableProfile(viewer)})`;
}

/** discoverableBy as a condition on a `profiles` row in scope (unqualified columns). */
export function discoverableProfile(viewer: Viewer): SQL {
  return sql`status = 'active' AND ((${levelsSeenBy(viewer)} AND verification_status = 'verified') OR id = ${viewer.profileId})`;
}

/**
 * mayView for a viewer known only by its acting profile id (null: a visitor), reading the viewer
 * only when the level needs it: verified_privacy asks whether the viewer is verified (or staff).
 */
export async function mayViewerIdView(db: Db, row: PrivacyRow, viewerId: string | null): Promise<boolean> {
  if (row.id === viewerId) return true;
  const level = effectivePrivacy(row);
  if (level === "public_verified") return true;
  if (!viewerId) return false;
  if (level === "base_privacy") return true;
  return mayView(row, await viewerOfProfile(db, viewerId));
}

/**
 * Of these profile ids, the ones the viewer may not see (repost originals to hide, for one), from
 * their rows already read; a missing row counts as unseen.
 */
export function unseenIn(
  ids: Iterable<string>,
  rowById: Map<string, PrivacyRow>,
  viewer: Viewer,
): Set<string> {
  if (viewer.staff) return new Set();
  const unseen = new Set<string>();
  for (const id of ids) {
    const row = rowById.get(id);
    if (!row || !mayView(row, viewer)) unseen.add(id);
  }
  return unseen;
}

/**
 * A profile by handle as this viewer may see it: active, in no block with them (either way), and
 * allowed by its privacy level. Anything else answers content_notFound, as a missing one does.
 */
export async function findVisibleProfileBySlug(
  db: Db,
  slug: string,
  viewer: Viewer,
  options: { blockerMaySee?: boolean } = {},
): Promise<ProfileRow> {
  const row = await findProfileBySlug(db, slug);
  // The one who blocked still reaches the page itself (its notice and Unblock); the blocked never do.
  const blocked = options.blockerMaySee
    ? await hasBlocked(db, row.id, viewer.profileId)
    : await isBlockedBetween(db, viewer.profileId, row.id);
  if (!mayView(row, viewer) || blocked) throw new AppError("content_notFound");
  return row;
}
