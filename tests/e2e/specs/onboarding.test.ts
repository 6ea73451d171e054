import {
  CHECKLIST_FOLLOW_TARGET,
  format,
  messages,
  ONBOARDING_ORDER_DESKTOP,
  ONBOARDING_ORDER_MOBILE,
  type OnboardingTarget,
} from "@vn/contract";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  apiCall,
  createMember,
  DEMO_PASSWORD,
  expectNoSidewaysScroll,
  expectSnackbar,
  type Member,
  signInWithForm,
  uniqueEmail,
} from "../support/accounts";
import { expectNoAxeViolations, screenshot } from "../support/browser";
import { readSignUpCode } from "../support/mail";
import { useBrowser } from "../support/suite";

/**
 * Issue 18: a new person's first run. They join through the form, the mailed code and the
 * profile wizard, and land on the home; the guided tour (spec §2, §4) walks the ten targets in the
 * order of the width, across the tour paths, posting each step; it finishes for good. Sign-in
 * lands on the home too; the getting-started checklist ticks from what they do (an invitee's
 * "accept" leads to the invitation and ticks once it is accepted); "start a post" opens the
 * composer in place.
 */
const suite = useBrowser();

/**
 * Joins as a newcomer would: the join form, the mailed code, the wizard's profile step, "Not now"
 * to verification and "Skip for now" to a company page. Answers the account (its API token from a
 * sign-in of its own, for the checks) once the wizard has let go of the page.
 */
async function joinThroughTheWizard(page: Page, prefix: string, name: string): Promise<Member> {
  const email = uniqueEmail(prefix);
  const password = `pw-${Date.now().toString(36)}-join`;
  await page.goto("/login?mode=signup");
  await page.getByLabel(messages.emailLabel, { exact: true }).fill(email);
  await expect.poll(() => page.getByText(messages.emailAvailable).isVisible()).toBe(true);
  await page.getByLabel(messages.nameLabel, { exact: true }).fill(name);
  await page.getByLabel(messages.passwordLabel, { exact: true }).fill(password);
  await page.getByLabel(messages.passwordConfirmLabel, { exact: true }).fill(password);
  await page.getByRole("checkbox", { name: messages.consentTerms }).check();
  await page.getByRole("checkbox", { name: messages.consentPrivacy }).check();
  const since = Date.now();
  await page.getByRole("button", { name: messages.joinSubmit }).click();
  await expect
    .poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 20_000 })
    .toBe(messages.codeTitle);
  await page.getByLabel(messages.codeLabel).fill(await readSignUpCode(email, since));
  await page.getByRole("button", { name: messages.codeVerify }).click();

  await page.waitForURL((url) => url.pathname === "/create-profile/profile", { timeout: 20_000 });
  const handle = page.getByLabel(messages.handleLabel, { exact: true });
  // The handle the account was given at sign-up (kept as it is).
  await expect.poll(() => handle.inputValue()).toMatch(/\d{2}/);
  const slug = await handle.inputValue();
  await page.getByLabel(messages.dateOfBirthLabel).fill("1990-04-12");
  await page.getByLabel(messages.professionLabel).fill("Product designer");
  await page.getByLabel(messages.cityLabel).fill("Lisbon");
  await page.getByLabel(messages.countryLabel).selectOption("PT");
  await page.getByRole("button", { name: messages.saveAndContinue }).click();
  await page.waitForURL((url) => url.pathname === "/create-profile/get-verified");
  await page.getByRole("link", { name: messages.notNow }).click();
  await page.waitForURL((url) => url.pathname === "/create-profile/company");
  await page.getByRole("button", { name: messages.skipForNow }).click();

  const signIn = await apiCall<{ token: string }>("/auth/sign-in/email", { body: { email, password } });
  expect(signIn.status).toBe(200);
  return { email, password, name, slug, token: signIn.body.token };
}

const titles: Record<OnboardingTarget, string> = {
  "profile-photo": messages.tourProfilePhotoTitle,
  home: messages.tourHomeTitle,
  connections: messages.tourConnectionsTitle,
  media: messages.tourMediaTitle,
  feed: messages.tourFeedTitle,
  connect: messages.tourConnectTitle,
  setting: messages.tourSettingTitle,
  billing: messages.tourBillingTitle,
  "add-business": messages.tourAddBusinessTitle,
  feedback: messages.tourFeedbackTitle,
};
const stepOfTitle = new Map(Object.entries(titles).map(([step, title]) => [title, step as OnboardingTarget]));

/** Where each step must be shown (the tour paths of §2); header and menu steps show anywhere. */
function expectedPath(step: OnboardingTarget, slug: string): string | null {
  if (step === "media") return `/${slug}/media`;
  if (step === "feed") return `/${slug}/feed`;
  if (step === "connect") return `/${slug}/connect`;
  return null;
}

const slug = (member: { slug: string }) => member.slug.replace(/\./g, "\\.");
const popover = (page: Page) => page.locator(".driver-popover");

async function tourSteps(token: string) {
  const res = await apiCall<{ data: { isFinished: boolean; steps: { id: string; isPassed: boolean }[] } }>(
    "/v1/tooltips/steps",
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.data;
}

async function checklistItem(page: Page, id: string) {
  return page.locator(`[data-checklist-item="${id}"]`).getAttribute("data-done");
}

describe.each([360, 1280])("the first run at %i px", (width) => {
  it("joins, lands on the home, walks the tour in the width's order to the end, and it stays finished", {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await suite.open(width);
    const member = await joinThroughTheWizard(
      page,
      `tour${width}`,
      width === 360 ? "Nora Quinn" : "Elias Brandt",
    );
    // The wizard's end is the home (where the tour starts), not the profile.
    await page.waitForURL((url) => url.pathname === `/${member.slug}/network/suggested`, { timeout: 15_000 });
    await expectSnackbar(page, messages.profileReady);
    expect((await tourSteps(member.token)).isFinished).toBe(false);

    const order = width <= 1023 ? ONBOARDING_ORDER_MOBILE : ONBOARDING_ORDER_DESKTOP;
    const shown: OnboardingTarget[] = [];
    for (let n = 0; n < order.length; n++) {
      await popover(page).waitFor({ state: "visible", timeout: 15_000 });
      const title = (await page.locator("#driver-popover-title").textContent())?.trim() ?? "";
      const step = stepOfTitle.get(title);
      expect(step, `an unknown step "${title}"`).toBeDefined();
      if (!step) break;
      shown.push(step);
      const where = expectedPath(step, member.slug);
      if (where) expect(new URL(page.url()).pathname).toBe(where);
      if (step === "profile-photo" || step === "connections") {
        // The profile card: any tab of the person's own page.
        expect(new URL(page.url()).pathname).toMatch(
          new RegExp(`^/${slug(member)}(/(media|feed|connect))?$`),
        );
      }
      expect(new URL(page.url()).searchParams.get("media-onboarding") ?? "true").toBe("true");
      const next = page.locator(".driver-popover-next-btn");
      // The progress says where in the order the step is.
      await expect
        .poll(() => page.locator(".driver-popover-progress-text").textContent())
        .toBe(format(messages.tourProgress, { current: order.indexOf(step) + 1, total: order.length }));
      if (step === order[0]) {
        await expectNoAxeViolations(page);
        await screenshot(page, `onboarding-tour-first-${width}`);
      }
      if (step === "setting") {
        // The account menu is opened to show what is inside it.
        await expect.poll(() => page.getByRole("menu").isVisible()).toBe(true);
        await screenshot(page, `onboarding-tour-menu-${width}`);
      }
      // Keyboard: the Next button has the focus, Enter moves on (every other step by mouse).
      await expect.poll(() => next.evaluate((el) => el === document.activeElement)).toBe(true);
      const isLast = (await next.textContent())?.trim() === messages.tourFinish;
      const before = title;
      if (n % 2 === 0) await page.keyboard.press("Enter");
      else await next.click();
      if (isLast) break;
      await expect
        .poll(async () => {
          if (!(await popover(page).isVisible())) return "moving";
          return (await page.locator("#driver-popover-title").textContent())?.trim();
        })
        .not.toBe(before);
    }
    // The width's order, less any target this account's page does not have.
    expect(shown).toEqual(order.filter((step) => shown.includes(step)));
    expect(shown.length).toBeGreaterThanOrEqual(order.length - 1);
    expect(shown.filter((step) => step !== "connect")).toEqual(order.filter((step) => step !== "connect"));

    // Finished: the server says so, the menu it opened is closed, the parameter is gone.
    await expect.poll(async () => (await tourSteps(member.token)).isFinished).toBe(true);
    const steps = await tourSteps(member.token);
    for (const step of shown) expect(steps.steps.find((s) => s.id === step)?.isPassed).toBe(true);
    await expect.poll(() => popover(page).count()).toBe(0);
    await expect.poll(() => page.getByRole("menu").count()).toBe(0);
    await expect.poll(() => new URL(page.url()).searchParams.has("media-onboarding")).toBe(false);

    // A reload (and the home, which starts the tour while it is unfinished) does not start it again.
    await page.goto(`/${member.slug}/network/suggested`);
    await page.reload();
    await page.getByRole("heading", { name: messages.checklistTitle }).waitFor();
    await page.waitForTimeout(2500);
    expect(await popover(page).count()).toBe(0);
    // Nor does the onboarding redirect send them anywhere.
    await page.goto("/settings");
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe("/settings");
    await context.close();
  });

  it("shows the first-time home with the checklist, which ticks when they follow and add a photo", {
    timeout: 120_000,
  }, async () => {
    const member = await createMember(`home${width}`, width === 360 ? "Ines Costa" : "Pavel Horak");
    const { context, page } = await suite.open(width);
    await page.goto("/login");
    await signInWithForm(page, member.email, member.password);
    await page.waitForURL((url) => url.pathname === `/${member.slug}/network/suggested`);

    // The first time: what to do, with the checklist and the start-a-post box.
    await page
      .getByRole("heading", { name: format(messages.homeWelcomeTitle, { name: member.name.split(" ")[0]! }) })
      .waitFor();
    await page.getByRole("heading", { name: messages.checklistTitle }).waitFor();
    await page.getByRole("button", { name: messages.startPostLabel, exact: true }).first().waitFor();
    await expect.poll(() => checklistItem(page, "followFive")).toBe("false");
    await expect.poll(() => checklistItem(page, "addPhoto")).toBe("false");
    await page.getByRole("heading", { name: messages.suggestedHeading }).waitFor();
    // Suggestions beside the feed from 1024 px, below it under that.
    const suggestions = await page.locator("section[aria-labelledby=suggested-heading]").boundingBox();
    const welcome = await page.locator("section[aria-labelledby=welcome-heading]").boundingBox();
    expect(suggestions && welcome).toBeTruthy();
    if (width >= 1024) expect(suggestions!.x).toBeGreaterThan(welcome!.x + welcome!.width - 1);
    else expect(suggestions!.y).toBeGreaterThan(welcome!.y + welcome!.height - 1);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page, width);
    // Each step's button holds its whole label (a long one wraps inside it at 360 px).
    const steps = page.locator("section[aria-labelledby=welcome-heading] ol").locator("a, button");
    for (const step of await steps.all()) {
      expect(await step.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
    await screenshot(page, `onboarding-home-first-time-${width}`);

    // Four follows elsewhere, then the fifth from the home's suggestions: the item ticks.
    for (const slug of ["anna.kowalski", "marcus.reed", "tomas.alvarez", "lena.fischer"]) {
      const res = await apiCall(`/v1/profiles/${slug}/follow`, { method: "POST", token: member.token });
      expect(res.status).toBe(200);
    }
    await page.reload();
    await expect
      .poll(() => page.locator('[data-checklist-item="followFive"]').textContent())
      .toContain(format(messages.checklistFollowFiveHint, { count: 4, target: CHECKLIST_FOLLOW_TARGET }));
    await page
      .locator("section[aria-labelledby=suggested-heading]")
      .getByRole("button", { name: new RegExp(`^${messages.followAction} `) })
      .first()
      .click();
    await expect.poll(() => checklistItem(page, "followFive"), { timeout: 10_000 }).toBe("true");

    // A profile photo, uploaded in settings as anyone would: the item ticks on the home.
    const photo = await sharp({
      create: { width: 800, height: 800, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    await page.goto("/settings");
    await page
      .getByTestId("user_image-input")
      .setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
    const crop = page.getByRole("dialog", { name: "Crop image" });
    await crop.waitFor();
    await crop.getByRole("button", { name: "Apply and upload" }).click();
    await expect
      .poll(() => page.getByTestId("user_image-variant").getAttribute("src"), { timeout: 30_000 })
      .toContain("/api/media/public/");
    await page.goto(`/${member.slug}/network/suggested`);
    await expect.poll(() => checklistItem(page, "addPhoto"), { timeout: 10_000 }).toBe("true");
    await expect
      .poll(() => page.locator("#checklist-progress").textContent())
      .toBe(format(messages.checklistProgress, { done: 2, total: 4 }));
    await screenshot(page, `onboarding-home-checklist-${width}`);

    // Hidden for good.
    await page.getByRole("button", { name: messages.checklistHide }).first().click();
    await expect.poll(() => page.locator("section[aria-labelledby=checklist-heading]").count()).toBe(0);
    await page.reload();
    await page.getByRole("heading", { name: messages.suggestedHeading }).waitFor();
    expect(await page.locator("section[aria-labelledby=checklist-heading]").count()).toBe(0);
    await context.close();
  });
});

describe.each([360, 1280])("the home's composer at %i px", (width) => {
  it("opens in place for any kind, publishes, and the feed shows it without leaving the home", {
    timeout: 90_000,
  }, async () => {
    const page = await suite.signedIn("anna@demo.verified.local", width);
    await page.waitForURL((url) => url.pathname === "/anna.kowalski/network/suggested");
    await page.getByRole("button", { name: messages.startPostLabel, exact: true }).first().click();
    const dialog = page.getByRole("dialog", { name: messages.createPostTitle });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, `onboarding-composer-post-${width}`);
    const text = `Hello from the home at ${width} px, ${Date.now().toString(36)}`;
    await dialog.getByRole("textbox").first().fill(text);
    await dialog.getByRole("button", { name: messages.publishAction, exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/anna.kowalski/network/suggested");
    await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true);

    // Any kind: "more" lists the rest; an article opens its own form in place.
    await page.getByRole("button", { name: messages.createArticleTitle }).click();
    const article = page.getByRole("dialog", { name: messages.createArticleTitle });
    await article.waitFor();
    await screenshot(page, `onboarding-composer-article-${width}`);
    await page.keyboard.press("Escape");
    await expect.poll(() => article.count()).toBe(0);
    await page.getByRole("button", { name: messages.startPostMore }).click();
    await page.getByRole("menuitem", { name: messages.createReleaseTitle }).waitFor();
    await page.keyboard.press("Escape");
    await page.context().close();
  });
});

describe("an invitee's checklist", () => {
  it("leads to the invitation, which ticks the item once accepted (kept on the server)", {
    timeout: 120_000,
  }, async () => {
    const member = await createMember("invitee", "Kai Lindqvist");
    // Northwind (Anna's company, acting as it through the API) invites them.
    const anna = await apiCall<{ token: string }>("/auth/sign-in/email", {
      body: { email: "anna@demo.verified.local", password: DEMO_PASSWORD },
    });
    const token = anna.body.token;
    const companies = await apiCall<{ data: { id: string; name: string }[] }>("/v1/users/me/companies", {
      token,
    });
    const northwind = companies.body.data.find((company) => company.name === "Northwind Analytics");
    expect(northwind).toBeDefined();
    const switched = await apiCall("/v1/users/switch-account", {
      token,
      body: { type: { id: "company" }, id: northwind?.id },
    });
    expect(switched.status).toBe(200);
    const sent = await apiCall("/v1/companies/me/invites", {
      token,
      body: { invites: [{ email: member.email }] },
    });
    expect(sent.status).toBe(201);

    const { context, page } = await suite.open(360);
    await page.goto("/login");
    await signInWithForm(page, member.email, member.password);
    await page.waitForURL((url) => url.pathname === `/${member.slug}/network/suggested`);
    await page.getByRole("heading", { name: messages.checklistInviteeTitle }).waitFor();
    await expect.poll(() => checklistItem(page, "acceptInvitation")).toBe("false");
    const accept = page.locator('[data-checklist-item="acceptInvitation"]').getByRole("link");
    expect(await accept.getAttribute("href")).toMatch(/^\/companies\/invites\/[^/]+$/);
    await expectNoAxeViolations(page);
    await screenshot(page, "onboarding-checklist-invitee-360");

    // The step's page is the invitation; accepting it makes them a member of the team.
    await accept.click();
    await page.waitForURL((url) => url.pathname.startsWith("/companies/invites/"));
    await page.getByRole("button", { name: messages.teamInviteAccept }).click();
    await expectSnackbar(page, format(messages.teamInviteAccepted, { company: "Northwind Analytics" }));
    await page.waitForURL((url) => url.pathname === "/northwind");

    // Back on the home the step is ticked, and it stays ticked (worked out on the server).
    await page.goto(`/${member.slug}/network/suggested`);
    await expect.poll(() => checklistItem(page, "acceptInvitation"), { timeout: 10_000 }).toBe("true");
    await page.reload();
    await page.getByRole("heading", { name: messages.checklistInviteeTitle }).waitFor();
    await expect.poll(() => checklistItem(page, "acceptInvitation")).toBe("true");
    const list = await apiCall<{ data: { items: { id: string; isDone: boolean }[] } }>(
      "/v1/users/me/checklist",
      {
        token: member.token,
      },
    );
    expect(list.body.data.items.find((item) => item.id === "acceptInvitation")?.isDone).toBe(true);
    await context.close();
  });
});
