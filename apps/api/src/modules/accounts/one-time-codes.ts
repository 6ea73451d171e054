import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { AppError, ONE_TIME_CODE_LENGTH, ONE_TIME_CODE_MAX_TRIES, ONE_TIME_CODE_TTL_MS } from "@vn/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { verifications } from "../../db/schema/index";

/**
 * One-time codes of our own flows (changing the email or phone): 6 digits, 10 minutes, 5 tries
 * (product decisions), one live code per purpose and person. Kept in better-auth's verifications
 * table; the database holds an HMAC of the code (keyed with AUTH_SECRET), never the code.
 * Email verification at sign-up uses better-auth's email-otp plugin with the same rules.
 */

interface Stored {
  hash: string;
  /** What the code confirms (the new email or phone). */
  payload: string;
  attempts: number;
}

export class OneTimeCodes {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  private hash(code: string): string {
    return createHmac("sha256", this.secret).update(code).digest("base64url");
  }

  /** Replaces any live code for (purpose, subject) with a new one and returns it for sending. */
  async issue(
    purpose: string,
    subjectId: string,
    payload: string,
  ): Promise<{ code: string; expiresAt: Date }> {
    const identifier = `${purpose}:${subjectId}`;
    const code = Array.from({ length: ONE_TIME_CODE_LENGTH }, () => randomInt(10)).join("");
    const expiresAt = new Date(Date.now() + ONE_TIME_CODE_TTL_MS);
    const value: Stored = { hash: this.hash(code), payload, attempts: 0 };
    await this.db.transaction(async (tx) => {
      await tx.delete(verifications).where(eq(verifications.identifier, identifier));
      await tx
        .insert(verifications)
        .values({ id: randomUUID(), identifier, value: JSON.stringify(value), expiresAt });
    });
    return { code, expiresAt };
  }

  async discard(purpose: string, subjectId: string): Promise<void> {
    await this.db.delete(verifications).where(eq(verifications.identifier, `${purpose}:${subjectId}`));
  }

  /**
   * Checks a code; on success it is used up and its payload returned. Wrong → code_invalid (one
   * try spent); past 10 minutes → code_expired; after 5 wrong tries → code_tooManyAttempts, and
   * the code is gone (a new one must be requested).
   */
  async verify(purpose: string, subjectId: string, code: string): Promise<string> {
    const identifier = `${purpose}:${subjectId}`;
    const [row] = await this.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, identifier))
      .limit(1);
    if (!row) throw new AppError("code_invalid");
    const stored = JSON.parse(row.value) as Stored;
    if (row.expiresAt.getTime() < Date.now()) {
      await this.db.delete(verifications).where(eq(verifications.id, row.id));
      throw new AppError("code_expired");
    }
    if (stored.attempts >= ONE_TIME_CODE_MAX_TRIES) {
      await this.db.delete(verifications).where(eq(verifications.id, row.id));
      throw new AppError("code_tooManyAttempts");
    }
    const expected = Buffer.from(stored.hash);
    const given = Buffer.from(this.hash(code.trim()));
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      // Whoever deletes the row first wins; a concurrent second use finds nothing.
      const used = await this.db
        .delete(verifications)
        .where(and(eq(verifications.id, row.id), eq(verifications.value, row.value)))
        .returning({ id: verifications.id });
      if (used.length === 0) throw new AppError("code_invalid");
      return stored.payload;
    }
    const next: Stored = { ...stored, attempts: stored.attempts + 1 };
    await this.db
      .update(verifications)
      .set({ value: JSON.stringify(next), updatedAt: new Date() })
      .where(and(eq(verifications.id, row.id), eq(verifications.value, row.value)));
    throw new AppError("code_invalid");
  }
}
