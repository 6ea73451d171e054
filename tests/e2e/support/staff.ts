import { createHmac } from "node:crypto";
import { messages } from "@vn/contract";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { apiCall, DEMO_PASSWORD, signInWithForm } from "./accounts";

/**
 * Staff of the demo cast sign in with a second factor (TOTP, better-auth's two-factor plugin).
 * Their secrets are fixed and written in the README ("Staff back-office"); the seed library stores
 * them as the plugin does. `npm run totp -- admin` prints the current code.
 */
export const DEMO_STAFF = {
  admin: { email: "admin@demo.verified.local", secret: "OZXC2ZDFNVXS2YLENVUW4LJSMZQS2MBR" },
  moderator: { email: "moderator@demo.verified.local", secret: "OZXC2ZDFNVXS23LPMRSXELJSMZQS2MBR" },
} as const;

export type DemoStaff = keyof typeof DEMO_STAFF;

/** Which demo staff member an email is, if any (signInDemo drives their second step too). */
export function demoStaffOf(email: string): DemoStaff | null {
  const found = (Object.keys(DEMO_STAFF) as DemoStaff[]).find(
    (who) => DEMO_STAFF[who].email === email.trim().toLowerCase(),
  );
  return found ?? null;
}

function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The current TOTP code of a base32 secret (RFC 6238: SHA-1, 30 s steps, 6 digits). */
export function totpCode(secret: string, at: number = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const truncated = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(truncated % 1_000_000).padStart(6, "0");
}

/**
 * Signs a demo staff member in on the real /login form, both steps: email and password, then the
 * authenticator code. The page should be on /login already; ends once the page left /login.
 */
export async function signInStaff(page: Page, who: DemoStaff): Promise<void> {
  const { email, secret } = DEMO_STAFF[who];
  if (!new URL(page.url()).pathname.startsWith("/login")) await page.goto("/login");
  await signInWithForm(page, email, DEMO_PASSWORD);
  const field = page.getByLabel(messages.twoFactorCodeLabel, { exact: true });
  await field.waitFor();
  await field.fill(totpCode(secret));
  await page.getByRole("button", { name: messages.twoFactorVerify, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** A bearer token of a demo staff member for apiCall: password sign-in, then the TOTP code. */
export async function staffToken(who: DemoStaff): Promise<string> {
  const { email, secret } = DEMO_STAFF[who];
  const first = await apiCall<{ twoFactorRedirect?: boolean; twoFactorToken?: string }>(
    "/auth/sign-in/email",
    { body: { email, password: DEMO_PASSWORD } },
  );
  expect(first.status).toBe(200);
  expect(first.body.twoFactorRedirect).toBe(true);
  const second = await apiCall<{ token: string }>("/auth/two-factor/verify-totp", {
    body: { code: totpCode(secret), twoFactorToken: first.body.twoFactorToken },
  });
  expect(second.status).toBe(200);
  return second.body.token;
}
