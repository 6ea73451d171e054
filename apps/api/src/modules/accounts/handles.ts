import { errorMessage, isPremiumHandle, messages } from "@vn/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../../db/schema/index";
import type { Principal } from "./session-lookup";

export interface HandleCheck {
  slug: string;
  exists: boolean;
  available: boolean;
  reason?: "taken" | "needsPremium";
  message?: string;
}

/**
 * Is a handle free for this caller? Taken when any profile holds it (case-insensitive). A handle
 * with fewer than two digits needs Premium and verification (product decisions), so it is free
 * only to a verified premium-or-higher caller.
 */
export async function checkHandle(db: Db, slug: string, principal: Principal | null): Promise<HandleCheck> {
  const taken = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.slug}) = lower(${slug})`)
    .limit(1);
  const owner = taken[0];
  if (owner && owner.id !== principal?.profileId) {
    return {
      slug,
      exists: true,
      available: false,
      reason: "taken",
      message: errorMessage("slug_alreadyTakenConflict"),
    };
  }
  if (isPremiumHandle(slug) && !(await canTakePremiumHandle(db, principal))) {
    return {
      slug,
      exists: Boolean(owner),
      available: false,
      reason: "needsPremium",
      message: messages.handleNeedsPremium,
    };
  }
  return { slug, exists: Boolean(owner), available: true };
}

async function canTakePremiumHandle(db: Db, principal: Principal | null): Promise<boolean> {
  if (!principal?.profileId) return false;
  const rows = await db
    .select({ tier: profiles.planTier, verification: profiles.verificationStatus })
    .from(profiles)
    .where(and(eq(profiles.id, principal.profileId)))
    .limit(1);
  const row = rows[0];
  return Boolean(
    row && row.verification === "verified" && ["premium", "creator", "enterprise"].includes(row.tier),
  );
}
