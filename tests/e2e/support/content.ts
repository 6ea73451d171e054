import type { Page } from "playwright-core";
import { DEMO_PASSWORD, signInWithForm } from "./accounts";
import { apiUrl } from "./browser";
import { demoStaffOf, signInStaff } from "./staff";

/** Signs a demo member in on /login and waits to leave it. */
export async function signInDemo(page: Page, email: string): Promise<void> {
  // Demo staff sign in with a second factor (issue 16): both steps.
  const staff = demoStaffOf(email);
  if (staff) {
    await page.goto("/login");
    return signInStaff(page, staff);
  }
  await page.goto("/login");
  await signInWithForm(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** Signs a demo member in and lets the client redirect home land, so no navigation races it. */
export async function signInSettled(page: Page, email: string): Promise<void> {
  await signInDemo(page, email);
  await page.waitForLoadState("networkidle");
}

/** page.goto that tries again when a client redirect still in flight aborted the navigation. */
export async function gotoRetrying(page: Page, path: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.goto(path);
      return;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes("ERR_ABORTED")) throw error;
      await page.waitForTimeout(1000);
    }
  }
}

/** The public path of a profile's newest publication of one section (read from the API). */
export async function newestPath(owner: string, section: string): Promise<string> {
  const query = new URLSearchParams({ tab: "media", filter: JSON.stringify({ section }) });
  const response = await fetch(`${apiUrl()}/api/v2/profiles/${owner}/content?${query.toString()}`);
  const body = (await response.json()) as { data: { path: string }[] };
  const first = body.data[0];
  if (!first) throw new Error(`${owner} has no ${section}`);
  return first.path;
}

/** A datetime-local value `minutes` from now in the browser's zone (the test and browser share it). */
export function localDateTime(offsetMs: number): string {
  const date = new Date(Date.now() + offsetMs);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A publication of `owner` whose author allows reposts (the seeded post does). */
export async function repostablePath(owner: string): Promise<string> {
  const query = new URLSearchParams({
    tab: "media",
    pagination: JSON.stringify({ page: 1, perPage: 50 }),
    filter: JSON.stringify({ section: "posts" }),
  });
  const response = await fetch(`${apiUrl()}/api/v2/profiles/${owner}/content?${query.toString()}`);
  const body = (await response.json()) as {
    data: { path: string; type: { id: string }; contentInteractionConfig: { repostsEnabled: boolean } }[];
  };
  const found = body.data.find(
    (item) => item.type.id === "post" && item.contentInteractionConfig.repostsEnabled,
  );
  if (!found) throw new Error(`${owner} has no repostable post`);
  return found.path;
}
