import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client";

/**
 * Marks a person who signed up through the API as identity-verified, the way a passed IDV
 * leaves the profile (verified, dated, public: decision 0014). Publishing, commenting and
 * creating a company need it (the verification gates), so tests about something else call it.
 */
export async function markVerified(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    UPDATE profiles
    SET verification_status = 'verified', verified_at = now(), privacy = 'public_verified'
    WHERE user_id = ${userId} AND type = 'user'
  `);
}
