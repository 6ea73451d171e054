import { entitlementOf, type OwnerType, type PlanTier } from "@vn/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { profiles, profileVisits, subscriptions } from "../db/schema/index";
import { activeAddons } from "./subscriptions";

/**
 * Who looked at whose profile or publications (issue 13, the spy add-on): one row per owner,
 * viewer, subject and UTC day (db/schema/billing.ts profileVisits). Signed-in viewers only; the
 * owner's own looks are never written. A visit made while the viewer held stealth stays stealthy
 * for good, so the owner never learns of it even after the add-on ends.
 */

/** Visits older than this are purged daily and never listed (product decisions: 90 days). */
export const VISIT_RETENTION_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Visit {
  ownerId: string;
  /** The acting profile that looked (person or company); null for a visitor: nothing is written. */
  viewerId: string | null;
  /** "profile", or the id of the publication viewed. */
  subject: string;
  /** The viewer's `addons.stealth` now; read from the viewer's subscription when not given. */
  stealth?: boolean;
  now?: Date;
}

/** The `addons.stealth` entitlement of an owner, from its stored subscription. */
export async function holdsStealth(db: Db, profileId: string): Promise<boolean> {
  const [row] = await db
    .select({ type: profiles.type, tier: subscriptions.planTier, addons: subscriptions.addons })
    .from(profiles)
    .leftJoin(subscriptions, eq(subscriptions.ownerProfileId, profiles.id))
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!row) return false;
  const owner: OwnerType = row.type === "company" ? "company" : "user";
  const holding = { owner, tier: (row.tier ?? "basic") as PlanTier, addons: activeAddons(row.addons) };
  return entitlementOf(holding, "addons.stealth") === true;
}

/** Writes one visit: views + 1, last seen now, stealth kept once set. Nothing for visitors or oneself. */
export async function recordVisit(db: Db, visit: Visit): Promise<boolean> {
  const { ownerId, viewerId, subject } = visit;
  if (!viewerId || viewerId === ownerId) return false;
  const now = visit.now ?? new Date();
  const stealth = visit.stealth ?? (await holdsStealth(db, viewerId));
  await db
    .insert(profileVisits)
    .values({
      ownerProfileId: ownerId,
      viewerProfileId: viewerId,
      subject,
      day: now.toISOString().slice(0, 10),
      views: 1,
      stealth,
      lastViewedAt: now,
    })
    .onConflictDoUpdate({
      target: [
        profileVisits.ownerProfileId,
        profileVisits.viewerProfileId,
        profileVisits.subject,
        profileVisits.day,
      ],
      set: {
        views: sql`${profileVisits.views} + 1`,
        lastViewedAt: sql`greatest(${profileVisits.lastViewedAt}, excluded.last_viewed_at)`,
        stealth: sql`${profileVisits.stealth} OR excluded.stealth`,
      },
    });
  return true;
}

/**
 * recordVisit as a page's side effect: never awaited by the page and never failing it. The
 * promise is returned for whoever wants to wait (tests), and it always resolves.
 */
export function recordVisitInBackground(
  db: Db,
  visit: Visit,
  log: { warn: (object: unknown, message: string) => void },
): Promise<void> {
  return recordVisit(db, visit).then(
    () => undefined,
    (error: unknown) => log.warn({ err: error, ownerId: visit.ownerId }, "could not record a profile visit"),
  );
}

/** The first day (YYYY-MM-DD, UTC) still kept and listed. */
export function oldestVisitDay(now = new Date()): string {
  return new Date(now.getTime() - (VISIT_RETENTION_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
}

/** Drops visits older than the retention (the daily purge job). */
export async function purgeOldVisits(db: Db, now = new Date()): Promise<void> {
  await db.delete(profileVisits).where(sql`${profileVisits.day} < ${oldestVisitDay(now)}`);
}
