import { randomBytes, randomUUID } from "node:crypto";
import { symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { DEV_AUTH_SECRET } from "../config";
import type { Db } from "../db/client";
import { twoFactors, users } from "../db/schema/index";

/**
 * Seeded second factors (issue 16), stored exactly as better-auth's two-factor plugin stores them
 * (modules/accounts/auth.ts): the TOTP key as text encrypted with AUTH_SECRET (symmetricEncrypt,
 * which the plugin reads back with symmetricDecrypt), the backup codes as encrypted JSON. The
 * plugin's key is raw text; an authenticator app takes its base32 form (the otpauth URI's
 * `secret`), which is what people type in, so seeds are given and give back base32.
 */

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Uint8Array {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("not a base32 key");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(bytes);
}

/** Backup codes as the plugin makes them: 10 letters and digits, "abcde-12345". */
function backupCode(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  const chars = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export interface TwoFactorSeed {
  /** The authenticator key, base32 (the otpauth URI's `secret`); random when omitted. Its bytes must be text. */
  secret?: string;
  /** The API's AUTH_SECRET, which encrypts the key (the development default when omitted). */
  authSecret?: string;
}

export interface SeededTwoFactor {
  /** base32, for an authenticator app or a test's TOTP. */
  secret: string;
  backupCodes: string[];
}

/** Turns a second factor on for a user: a verified TOTP key and 10 backup codes. */
export async function seedTwoFactor(
  db: Db,
  userId: string,
  input: TwoFactorSeed = {},
): Promise<SeededTwoFactor> {
  const key = input.authSecret ?? DEV_AUTH_SECRET;
  // The plugin's own keys are 32 letters and digits; a given base32 key must decode to text.
  const raw = input.secret
    ? new TextDecoder("utf-8", { fatal: true }).decode(base32Decode(input.secret))
    : randomBytes(24).toString("base64url").slice(0, 32);
  const backupCodes = Array.from({ length: 10 }, backupCode);
  await db.insert(twoFactors).values({
    id: randomUUID(),
    userId,
    secret: await symmetricEncrypt({ key, data: raw }),
    backupCodes: await symmetricEncrypt({ key, data: JSON.stringify(backupCodes) }),
    verified: true,
  });
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
  return { secret: base32Encode(new TextEncoder().encode(raw)), backupCodes };
}
