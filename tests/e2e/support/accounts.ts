import { randomBytes } from "node:crypto";
import http from "node:http";
import { messages } from "@vn/contract";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { webUrl } from "./browser";
import { readSignUpCode } from "./mail";

export const DEMO_PASSWORD = "demo-password-2026";

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${randomBytes(2).toString("hex")}@e2e.verified.local`;
}

/**
 * JSON to the API through the web's /api forward, as an API client (a mobile app's HTTP stack):
 * node:http, so no Origin, no Fetch Metadata and no cookies — node's fetch would add
 * `Sec-Fetch-Mode: cors`, for which better-auth demands an Origin, and a request with an Origin is
 * a browser's, which is never handed the session token (docs/decisions/0015-session-token-exposure.md).
 * So sign-in and verify-email answer with the token, used as the bearer of later calls.
 */
export async function apiCall<T>(
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { accept: "application/json" };
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (payload !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      `${webUrl()}/api${path}`,
      { method: options.method ?? (payload === undefined ? "GET" : "POST"), headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
  return { status, body: (text ? JSON.parse(text) : null) as T };
}

export interface Member {
  email: string;
  password: string;
  name: string;
  slug: string;
  token: string;
}

/**
 * A member with a finished profile, made through the API (join, the mailed code, general info),
 * for specs whose subject is what comes after joining. The guided tour (issue 18) is finished for
 * them too, as its close button does, unless `tour` is asked for: otherwise the onboarding
 * redirect would send them to it from most pages.
 */
export async function createMember(
  prefix: string,
  name = "Robin Meyer",
  options: { tour?: boolean } = {},
): Promise<Member> {
  const email = uniqueEmail(prefix);
  const password = `pw-${randomBytes(6).toString("hex")}`;
  const since = Date.now();
  const signUp = await apiCall("/auth/sign-up/email", {
    body: { email, password, name, acceptTerms: true, acceptPrivacy: true },
  });
  expect(signUp.status).toBe(200);
  const code = await readSignUpCode(email, since);
  const verified = await apiCall<{ token: string }>("/auth/email-otp/verify-email", {
    body: { email, code },
  });
  expect(verified.status).toBe(200);
  const token = verified.body.token;
  const info = await apiCall<{ data: { slug: string } }>("/v1/users/me/general-info", {
    method: "PATCH",
    token,
    body: { name, dateOfBirth: "1988-04-12", profession: "Product designer", city: "Lisbon", country: "PT" },
  });
  expect(info.status).toBe(200);
  if (!options.tour) {
    const finished = await apiCall("/v1/tooltips/steps/finish", { method: "POST", token });
    expect(finished.status).toBe(200);
  }
  return { email, password, name, slug: info.body.data.slug, token };
}

/**
 * Finishes the guided tour (issue 18) of the person signed in on `page`, as its close button does:
 * for specs that join in the browser and then go elsewhere than their own pages.
 */
export async function finishTour(page: Page): Promise<void> {
  const status = await page.evaluate(
    async () => (await fetch("/api/v1/tooltips/steps/finish", { method: "POST" })).status,
  );
  expect(status).toBe(200);
}

/** Signs in on /login and waits to leave it. */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(messages.emailLabel, { exact: true }).fill(email);
  await page.getByLabel(messages.passwordLabel, { exact: true }).fill(password);
  await page.getByRole("button", { name: messages.signIn, exact: true }).click();
}

/**
 * Signs in on /login and waits for the page it leads to (`landing`, a path). Sign-in lands on the
 * person's home (/{slug}/network/suggested, issue 18); a `landing` of the profile page (/{slug})
 * opens it from there.
 */
export async function signInAt(page: Page, email: string, password: string, landing: string): Promise<void> {
  await page.goto("/login");
  await signInWithForm(page, email, password);
  const home = `${landing}/network/suggested`;
  await page.waitForURL((url) => url.pathname === landing || url.pathname === home);
  if (new URL(page.url()).pathname === home) {
    await page.goto(landing);
    await page.waitForURL((url) => url.pathname === landing);
  }
}

/** Opens the header's account menu. */
export async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole("button", { name: messages.openAccountMenu }).click();
  await page.getByRole("menu").waitFor();
}

/** The visible text of a status (snackbar) containing `text` shows up. */
export async function expectSnackbar(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByRole("status").filter({ hasText: text }).first().isVisible()).toBe(true);
}

/** Nothing on the page scrolls sideways at this width. */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
