#!/usr/bin/env node
/**
 * The current sign-in code (TOTP: RFC 6238, SHA-1, 30-second steps, 6 digits) of a demo staff
 * account or of any base32 key, for signing in to the back-office without an authenticator app.
 *
 *   npm run totp -- admin          → admin@demo.verified.local
 *   npm run totp -- moderator      → moderator@demo.verified.local
 *   npm run totp -- JBSWY3DPEHPK3PXP
 *
 * The demo keys are the ones the seed stores (apps/api/src/seed/demo.ts DEMO_STAFF_TOTP_SECRETS,
 * printed in the README); they are public, like the demo password.
 */
import { createHmac } from "node:crypto";

const DEMO = {
  admin: { email: "admin@demo.verified.local", secret: "OZXC2ZDFNVXS2YLENVUW4LJSMZQS2MBR" },
  moderator: { email: "moderator@demo.verified.local", secret: "OZXC2ZDFNVXS23LPMRSXELJSMZQS2MBR" },
};

function base32Decode(text) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bytes = [];
  let bits = 0;
  let value = 0;
  for (const char of text.toUpperCase().replace(/[\s=-]/g, "")) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`"${char}" is not base32`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

function totp(secret, at = Date.now()) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 0x0f;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

const arg = process.argv[2] ?? "admin";
const demo = DEMO[arg.toLowerCase().replace(/@.*$/, "")];
let secret;
try {
  secret = demo ? demo.secret : arg;
  base32Decode(secret);
} catch (error) {
  console.error(`usage: npm run totp -- admin | moderator | <base32 key>\n${error.message}`);
  process.exit(1);
}
const secondsLeft = 30 - Math.floor((Date.now() / 1000) % 30);
console.log(totp(secret));
console.error(`${demo ? `${demo.email}: ` : ""}valid for ${secondsLeft} more s`);
