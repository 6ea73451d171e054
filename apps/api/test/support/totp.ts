import { createHmac } from "node:crypto";
import { base32Decode } from "../../src/seed/two-factor";

/**
 * An authenticator app's code for a base32 key (RFC 6238: SHA-1, 30-second steps, 6 digits),
 * written apart from better-auth so a test checks the plugin against the standard. `stepsAgo`
 * gives an older code (2 or more is outside the plugin's window of one step either side).
 */
export function totpCode(secret: string, stepsAgo = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) - stepsAgo));
  const hmac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}
