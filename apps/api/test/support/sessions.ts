import { randomBytes, randomUUID } from "node:crypto";
import type { Db } from "../../src/db/client";
import { sessions } from "../../src/db/schema/index";
import { sessionTokenDigest } from "../../src/policy/token";

/**
 * A live session row for a seeded person, as sign-in would create it (the token stored as its
 * digest, issue 11); returns the bearer header.
 * Tests of other domains use it so they need not run the sign-in flow (the accounts suites do).
 */
export async function bearerFor(
  db: Db,
  userId: string,
  activeProfileId?: string,
): Promise<Record<string, string>> {
  const token = randomBytes(24).toString("base64url");
  await db.insert(sessions).values({
    id: randomUUID(),
    token: sessionTokenDigest(token),
    userId,
    activeProfileId: activeProfileId ?? null,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  return { authorization: `Bearer ${token}` };
}
