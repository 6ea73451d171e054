import { format, messages } from "@vn/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSidewaysScroll } from "../support/accounts";
import { expectNoAxeViolations, screenshotWidths } from "../support/browser";
import { newestPath } from "../support/content";
import { useBrowser } from "../support/suite";

const suite = useBrowser();
const signedInPage = (email: string, width?: number) => suite.signedIn(email, width);

const stamp = Date.now().toString(36);

/** The comment list item holding `text` (its own body, not a reply's). */
const commentWith = (page: Page, text: string) =>
  page
    .locator("li[data-comment-id]")
    .filter({ has: page.getByText(text, { exact: true }) })
    .last();

async function openCommentMenu(page: Page, text: string): Promise<void> {
  await commentWith(page, text).getByRole("button", { name: messages.commentActions }).first().click();
  await page.getByRole("menu").waitFor();
}

/** The comments are shown and the page is in the item's room (live changes arrive). */
async function waitForComments(page: Page): Promise<void> {
  await page.getByRole("textbox", { name: messages.commentFieldLabel }).waitFor();
  await page.locator('section[data-live="true"]').waitFor();
  await page.locator('button[data-live="true"]').waitFor();
}

describe("live comments between two people", () => {
  it("one comments, the other sees it live; pin, reply and delete likewise", {
    timeout: 120_000,
  }, async () => {
    const path = await newestPath("anna.kowalski", "posts");
    const anna = await signedInPage("anna@demo.verified.local");
    const priya = await signedInPage("priya@demo.verified.local");
    await anna.goto(path);
    await priya.goto(path);
    await waitForComments(anna);
    await waitForComments(priya);

    // Priya comments: Anna sees it without reloading, and her bell counts it.
    const text = `Live from Priya ${stamp}`;
    await priya.getByRole("textbox", { name: messages.commentFieldLabel }).fill(text);
    await priya.getByRole("button", { name: messages.commentSubmit, exact: true }).click();
    await expect.poll(() => priya.getByText(text, { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() => anna.getByText(text, { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect
      .poll(() => anna.getByTestId("notifications-unread").isVisible(), { timeout: 15_000 })
      .toBe(true);

    // The bell lists it; the menu passes axe; Escape closes it.
    await anna.locator('button[data-live="true"]').click();
    const menu = anna.getByRole("dialog", { name: messages.notificationsHeading });
    await expect
      .poll(() =>
        menu
          .getByText(format(messages.notificationComment, { name: "Priya Shah" }))
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expectNoAxeViolations(anna);
    await anna.keyboard.press("Escape");
    await expect.poll(() => menu.count()).toBe(0);

    // Anna (the owner) pins it: Priya sees the pin.
    await openCommentMenu(anna, text);
    await anna.getByRole("menuitem", { name: messages.pinAction }).click();
    await expect
      .poll(() => commentWith(priya, text).getByText(messages.pinnedLabel).isVisible(), { timeout: 15_000 })
      .toBe(true);

    // Anna replies: Priya sees the thread grow and reads the reply.
    const reply = `Reply from Anna ${stamp}`;
    await commentWith(anna, text).getByRole("button", { name: messages.replyAction, exact: true }).click();
    await anna
      .getByRole("textbox", { name: format(messages.replyFieldLabel, { name: "Priya Shah" }) })
      .fill(reply);
    await commentWith(anna, text).getByRole("button", { name: messages.replySubmit, exact: true }).click();
    await expect.poll(() => anna.getByText(reply, { exact: true }).isVisible()).toBe(true);
    const showReplies = commentWith(priya, text).getByRole("button", {
      name: format(messages.showReplies, { count: 1 }),
    });
    await expect.poll(() => showReplies.isVisible(), { timeout: 15_000 }).toBe(true);
    await showReplies.click();
    await expect.poll(() => priya.getByText(reply, { exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolations(priya);
    await screenshotWidths(priya, "social-comments");

    // Priya deletes her comment: it leaves Anna's page with its reply.
    await openCommentMenu(priya, text);
    await priya.getByRole("menuitem", { name: messages.deleteAction }).click();
    await priya.getByRole("dialog").getByRole("button", { name: messages.deleteAction }).click();
    await expect.poll(() => priya.getByText(text, { exact: true }).count()).toBe(0);
    await expect.poll(() => anna.getByText(text, { exact: true }).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => anna.getByText(reply, { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(anna);

    // Anna's notifications: the comment is there; marking all read clears the badge.
    await anna.goto("/notifications");
    await expect
      .poll(() =>
        anna
          .getByText(format(messages.notificationComment, { name: "Priya Shah" }))
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expectNoAxeViolations(anna);
    await screenshotWidths(anna, "social-notifications");
    await anna.getByRole("main").getByRole("button", { name: messages.notificationsMarkAll }).click();
    await expect.poll(() => anna.getByTestId("notifications-unread").count()).toBe(0);
    await anna.context().close();
    await priya.context().close();
  });
});

describe("follow and the home feed", () => {
  it("following a profile brings its next post into the follower's feed", { timeout: 120_000 }, async () => {
    const marcus = await signedInPage("marcus@demo.verified.local");
    await marcus.goto("/daniel.okafor");
    const follow = marcus.getByRole("button", {
      name: `${messages.followAction} Daniel Okafor`,
      exact: true,
    });
    await follow.click();
    await expect
      .poll(() =>
        marcus
          .getByRole("button", { name: `${messages.followingAction} Daniel Okafor`, exact: true })
          .isVisible(),
      )
      .toBe(true);
    await expectNoAxeViolations(marcus);

    const daniel = await signedInPage("daniel@demo.verified.local");
    const text = `Daniel's news ${stamp}`;
    await daniel.goto("/create/post");
    await daniel.getByLabel(messages.fieldPostContent).fill(text);
    await daniel.getByRole("button", { name: messages.publishAction }).click();
    await daniel.waitForURL((url) => !url.pathname.startsWith("/create/"));

    await marcus.goto("/marcus.reed/network/suggested");
    await expect.poll(() => marcus.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true);
    // The first HTML already holds the feed's first page, read by the server (decision 0027).
    const html = await (await marcus.request.get("/marcus.reed/network/suggested")).text();
    expect(html).toContain(`news ${stamp}`);
    // Away and back through the app's links, the feed still in the browser's cache: a post
    // published meanwhile shows (the server's first page seeds a fresh list, not a cached one).
    const nav = marcus.getByRole("navigation", { name: messages.primaryNavigation });
    await nav.getByRole("link", { name: "Companies", exact: true }).click();
    await marcus.waitForURL((url) => url.pathname === "/companies");
    const later = `Daniel's later news ${stamp}`;
    await daniel.goto("/create/post");
    await daniel.getByLabel(messages.fieldPostContent).fill(later);
    await daniel.getByRole("button", { name: messages.publishAction }).click();
    await daniel.waitForURL((url) => !url.pathname.startsWith("/create/"));
    await nav.getByRole("link", { name: "Home", exact: true }).click();
    await marcus.waitForURL((url) => url.pathname === "/marcus.reed/network/suggested");
    await expect.poll(() => marcus.getByText(later).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await marcus.getByRole("heading", { name: messages.suggestedHeading }).waitFor();
    await expectNoAxeViolations(marcus);
    await screenshotWidths(marcus, "social-home");
    await marcus.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(marcus, 360);
    await marcus.context().close();
    await daniel.context().close();
  });

  it("live mode never offers an interaction", async () => {
    const anna = await signedInPage("anna@demo.verified.local");
    await anna.goto("/anna.kowalski/feed?viewas=live");
    await anna.getByText(messages.liveModeBanner).waitFor();
    await anna.getByRole("article").first().waitFor();
    expect(await anna.getByRole("button", { name: messages.reactionLike }).count()).toBe(0);
    expect(await anna.getByRole("button", { name: messages.reportAction }).count()).toBe(0);
    await anna.context().close();
  });
});

describe("search", () => {
  it("finds a misspelled name from the header search box", async () => {
    const { context, page } = await suite.open(1280);
    await page.goto("/");
    const box = page.getByRole("searchbox", { name: messages.searchLabel });
    await box.fill("Kowalsky");
    await box.press("Enter");
    await page.waitForURL(
      (url) => url.pathname === "/search" && url.searchParams.get("search") === "Kowalsky",
    );
    await expect.poll(() => page.getByRole("link", { name: "Anna Kowalski" }).first().isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "social-search");
    await page.goto("/search?search=zzzqqqxx");
    await expect
      .poll(() => page.getByText(format(messages.searchEmpty, { term: "zzzqqqxx" })).isVisible())
      .toBe(true);
    await context.close();
  });
});
