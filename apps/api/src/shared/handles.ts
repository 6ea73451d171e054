import { randomInt } from "node:crypto";
import {
  errorMessage,
  HANDLE_MAX,
  isGranted,
  isPremiumHandle,
  messages,
  type SessionActor,
} from "@vn/contract";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { profiles } from "../db/schema/index";
import { slugify } from "../lib/slug";

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
export async function checkHandle(db: Db, slug: string, actor: SessionActor | null): Promise<HandleCheck> {
  const taken = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.slug}) = lower(${slug})`)
    .limit(1);
  const owner = taken[0];
  if (owner && owner.id !== actor?.profileId) {
    return {
      slug,
      exists: true,
      available: false,
      reason: "taken",
      message: errorMessage("slug_alreadyTakenConflict"),
    };
  }
  if (isPremiumHandle(slug) && !canTakePremiumHandle(actor)) {
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

function canTakePremiumHandle(actor: SessionActor | null): boolean {
  return Boolean(
    actor && actor.verificationStatus === "verified" && isGranted(actor.entitlements["handles.premium"]),
  );
}

/**
 * A free handle made from a name: "Anna Kowalski" → "anna.kowalski.27" (people, dots) or
 * "northwind-27" (companies, hyphens). It always carries two digits, so nobody needs Premium
 * for it (product decisions), and it is checked against every profile.
 */
export async function generateHandle(db: Db, name: string, type: "user" | "company"): Promise<string> {
  const separator = type === "user" ? "." : "-";
  let base = slugify(name, 30).replaceAll("-", separator);
  if (base === "item") base = type === "user" ? "member" : "company";
  for (let digits = 2; digits <= 6; digits++) {
    const candidates = Array.from({ length: 8 }, () => {
      const number = randomInt(10 ** (digits - 1), 10 ** digits);
      return `${base}${separator}${number}`.slice(0, HANDLE_MAX);
    });
    const taken = await db
      .select({ slug: sql<string>`lower(${profiles.slug})` })
      .from(profiles)
      .where(inArray(sql`lower(${profiles.slug})`, candidates));
    const takenSet = new Set(taken.map((row) => row.slug));
    const free = candidates.find((candidate) => !takenSet.has(candidate) && !isPremiumHandle(candidate));
    if (free) return free;
  }
  return `${type === "user" ? "member." : "company-"}${randomInt(1_000_000_000, 10_000_000_000)}`;
}
