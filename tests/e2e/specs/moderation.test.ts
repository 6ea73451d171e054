import { messages, STRIKES_PATH } from "@vn/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  apiCall,
  createMember,
  expectNoSidewaysScroll,
  expectSnackbar,
  type Member,
  signInWithForm,
} from "../support/accounts";
import { expectNoAxeViolations, screenshotWidths } from "../support/browser";
import { signInStaff } from "../support/staff";
import { useBrowser } from "../support/suite";
import { verify } from "./billing-fixtures";

/**
 * The review queue in the back-office (issue 16, "Done means"): reports gather on one subject, a
 * moderator removes the post with a reason, its author reads why and appeals, an admin grants the
 * appeal and the post is back; and a decision taken on a subject that changed meanwhile is refused
 * and shown again.
 */
const suite = useBrowser();

/** A verified member publishes a post (the API, as the editor does); returns its id and page. */
async function publishPost(author: Member, text: string): Promise<{ id: string; path: string }> {
  const created = await apiCall<{ data: { id: string; path: string } }>("/v1/content", {
    token: author.token,
    body: { kind: "post", content: text },
  });
  expect(created.status).toBe(201);
  return created.body.data;
}

async function report(reporter: Member, id: string, reason: string, description?: string): Promise<void> {
  const sent = await apiCall("/v1/reports", {
    token: reporter.token,
    body: { targetType: "content", targetId: id, reason, ...(description ? { description } : {}) },
  });
  expect(sent.status).toBe(201);
}

/** From the queue, the subject whose line reads `text`. */
async function openSubject(page: Page, text: string): Promise<void> {
  await page.goto("/admin/reports");
  const link = page.getByRole("link", { name: text });
  await link.waitFor();
  await link.click();
  await page.waitForURL((url) => /^\/admin\/reports\/[^/]+$/.test(url.pathname));
  await page.getByRole("heading", { name: messages.reviewWhatWasReported }).waitFor();
}

/** Picks an action and reason on the subject's decision form and writes what the person reads. */
async function fillDecision(page: Page, action: string, reason: string, message?: string): Promise<void> {
  const form = page.getByRole("form", { name: messages.reviewDecideHeading });
  await form.getByLabel(messages.reviewActionLabel).selectOption({ label: action });
  await form.getByLabel(messages.adminReasonLabel).selectOption({ label: reason });
  if (message !== undefined) await form.getByLabel(messages.reviewMessageLabel).fill(message);
}

describe("the review queue", () => {
  it("gathers three reports on one subject; a moderator removes the post, the author appeals, an admin grants it and the post returns", async () => {
    const stamp = Date.now().toString(36);
    const text = `Buy followers now, limited offer ${stamp}`;
    const [author, ...reporters] = await Promise.all([
      createMember("mod-author", "Jonas Keller").then(verify),
      createMember("mod-reporter-a", "Ada Brandt").then(verify),
      createMember("mod-reporter-b", "Ben Okafor").then(verify),
      createMember("mod-reporter-c", "Chloe Martin").then(verify),
    ]);
    const post = await publishPost(author, text);
    const [first, second, third] = reporters as [Member, Member, Member];
    await report(first, post.id, "spam");
    await report(second, post.id, "spam", "The same advert is posted everywhere.");
    await report(third, post.id, "harassment", "It keeps tagging people who asked to stop.");

    // The moderator: one subject with three reports, highest first in the open queue.
    const { context: staffContext, page: staff } = await suite.open(1280);
    await signInStaff(staff, "moderator");
    await staff.goto("/admin/reports");
    const line = staff.getByRole("listitem").filter({ hasText: text });
    await expect.poll(() => line.count()).toBe(1);
    await expect.poll(() => line.getByText("3 reports").isVisible()).toBe(true);
    await expectNoAxeViolations(staff);
    await screenshotWidths(staff, "moderation-queue");
    await staff.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(staff, 360);
    await staff.setViewportSize({ width: 1280, height: 900 });

    await openSubject(staff, text);
    const reports = staff.getByRole("region", { name: /^Reports/ });
    await expect.poll(() => reports.getByText("2 reports").isVisible()).toBe(true);
    await expect
      .poll(() => reports.getByText("It keeps tagging people who asked to stop.").isVisible())
      .toBe(true);
    await expectNoAxeViolations(staff);
    await screenshotWidths(staff, "moderation-subject");
    await staff.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(staff, 360);
    await staff.setViewportSize({ width: 1280, height: 900 });

    // A decision against the person needs the message they will read.
    await fillDecision(staff, messages.reviewActionRemove, messages.moderationReasonSpam);
    await staff.getByRole("button", { name: messages.reviewSubmit }).click();
    await expect.poll(() => staff.getByText(messages.fieldRequired).first().isVisible()).toBe(true);
    const why = "Selling followers is spam under our rules, so this post was removed.";
    await staff.getByLabel(messages.reviewMessageLabel).fill(why);
    await staff.getByRole("button", { name: messages.reviewSubmit }).click();
    await expectSnackbar(staff, messages.reviewSaved);
    const decisions = staff.getByRole("region", { name: messages.reviewActionsHeading });
    await expect.poll(() => decisions.getByText(messages.strikeKindRemove).isVisible()).toBe(true);
    await expect.poll(() => staff.getByText(messages.reviewClosedNotice).isVisible()).toBe(true);
    await staffContext.close();

    // The author reads what was decided and why, and appeals once.
    const { context: authorContext, page: own } = await suite.open(360);
    await own.goto("/login");
    await signInWithForm(own, author.email, author.password);
    await own.waitForURL((url) => !url.pathname.startsWith("/login"));
    await own.goto(STRIKES_PATH);
    await expect.poll(() => own.getByText(why).isVisible()).toBe(true);
    await expect.poll(() => own.getByText(messages.strikeKindRemove).first().isVisible()).toBe(true);
    // The strikes page opens the appeal form at once or behind its button.
    const openAppeal = own.getByRole("button", { name: messages.strikeAppealAction });
    if (await openAppeal.isVisible()) await openAppeal.click();
    const appeal = "This was a joke among friends, not an advert; nobody was sold anything.";
    await own.getByLabel(messages.appealMessageLabel).fill(appeal);
    await own.getByRole("button", { name: messages.appealSubmit }).click();
    await expect.poll(() => own.getByText(messages.strikeAppealPending).first().isVisible()).toBe(true);
    await authorContext.close();

    // An admin grants the appeal in Strikes and appeals.
    const { context: adminContext, page: admin } = await suite.open(1280);
    await signInStaff(admin, "admin");
    await admin.goto("/admin/appeals");
    const waiting = admin.getByRole("listitem").filter({ hasText: appeal });
    await waiting.waitFor();
    await expectNoAxeViolations(admin);
    await screenshotWidths(admin, "moderation-appeals");
    await waiting.getByRole("button", { name: messages.reviewGrant }).click();
    await expectSnackbar(admin, messages.reviewGranted);
    await expect.poll(() => admin.getByRole("listitem").filter({ hasText: appeal }).count()).toBe(0);
    await adminContext.close();

    // The post is back for a visitor (the anonymous render is kept a few seconds at most).
    const { context: visitorContext, page: visitor } = await suite.open(1280);
    await visitor.goto(post.path);
    await expect
      .poll(
        async () => {
          if (await visitor.getByText(text).first().isVisible()) return true;
          await visitor.reload();
          return false;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(true);
    await visitorContext.close();
  }, 180_000);

  it("refuses a decision taken on a subject that changed meanwhile, shows it again and keeps the typed message", async () => {
    const stamp = Date.now().toString(36);
    const text = `Follow my other page for prizes ${stamp}`;
    const [author, reporter] = await Promise.all([
      createMember("mod-stale-author", "Mira Jensen").then(verify),
      createMember("mod-stale-reporter", "Omar Haddad"),
    ]);
    const post = await publishPost(author, text);
    await report(reporter, post.id, "spam");

    // Two tabs of one moderator on the same subject.
    const { context, page: first } = await suite.open(1280);
    await signInStaff(first, "moderator");
    await openSubject(first, text);
    const second = await context.newPage();
    await second.goto(first.url());
    await second.getByRole("heading", { name: messages.reviewWhatWasReported }).waitFor();

    // The first tab dismisses the reports.
    await first.bringToFront();
    await fillDecision(first, messages.reviewActionDismiss, messages.moderationReasonSpam);
    await first.getByRole("button", { name: messages.reviewSubmit }).click();
    await expect.poll(() => first.getByText(messages.reviewClosedNotice).isVisible()).toBe(true);

    // The second tab still shows the subject as it was, and warns the author.
    const message = "Prize draws that ask people to follow another page break our rules.";
    await second.bringToFront();
    await fillDecision(second, messages.reviewActionWarn, messages.moderationReasonSpam, message);
    await second.getByRole("button", { name: messages.reviewSubmit }).click();
    await expect.poll(() => second.getByText(messages.moderationSubjectChanged).isVisible()).toBe(true);
    // Shown again as it is now (closed, with the dismissal in its log); the message is still there.
    await expect.poll(() => second.getByText(messages.reviewClosedNotice).isVisible()).toBe(true);
    const log = second.getByRole("region", { name: messages.reviewLogHeading });
    await expect.poll(() => log.getByText(messages.reviewEventDismissed).isVisible()).toBe(true);
    expect(await second.getByLabel(messages.reviewMessageLabel).inputValue()).toBe(message);
    await expectNoAxeViolations(second);

    // Decided again on what it is now, it goes through.
    await second.getByRole("button", { name: messages.reviewSubmit }).click();
    const decisions = second.getByRole("region", { name: messages.reviewActionsHeading });
    await expect.poll(() => decisions.getByText(messages.strikeKindWarn).isVisible()).toBe(true);
    await expect.poll(() => second.getByText(messages.moderationSubjectChanged).count()).toBe(0);
    await context.close();
  }, 120_000);
  it("dismisses several subjects at once from the queue with the keyboard", async () => {
    const stamp = Date.now().toString(36);
    const texts = [`Cheap watches here ${stamp}`, `Crypto doubling service ${stamp}`];
    const [author, reporter] = await Promise.all([
      createMember("mod-bulk-author", "Lea Vogel").then(verify),
      createMember("mod-bulk-reporter", "Ravi Nair"),
    ]);
    for (const text of texts) await report(reporter, (await publishPost(author, text)).id, "spam");

    const { context, page } = await suite.open(1280);
    await signInStaff(page, "moderator");
    await page.goto("/admin/reports");
    for (const text of texts) {
      const box = page.getByRole("listitem").filter({ hasText: text }).getByRole("checkbox");
      await box.focus();
      await page.keyboard.press("Space");
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    const bulk = page.getByRole("form", { name: messages.reviewBulkLabel });
    await expect.poll(() => bulk.getByText("2 selected").isVisible()).toBe(true);
    await bulk.getByLabel(messages.reviewActionLabel).selectOption({ label: messages.reviewBulkDismiss });
    await bulk.getByLabel(messages.adminReasonLabel).selectOption({ label: messages.moderationReasonSpam });
    await bulk.getByRole("button", { name: messages.reviewBulkApply }).click();
    await expectSnackbar(page, "2 subjects updated.");
    for (const text of texts)
      await expect.poll(() => page.getByRole("listitem").filter({ hasText: text }).count()).toBe(0);
    // Both are in the closed tab now.
    await page.getByRole("tab", { name: messages.reviewStateClosed }).click();
    for (const text of texts)
      await expect.poll(() => page.getByRole("listitem").filter({ hasText: text }).count()).toBe(1);
    await context.close();
  }, 120_000);

  it("keeps a verified person's suspension waiting until an admin other than its proposer approves it", async () => {
    const stamp = Date.now().toString(36);
    const text = `Send me your bank details for a prize ${stamp}`;
    const [author, reporter] = await Promise.all([
      createMember("mod-suspend-author", "Tomas Berg").then(verify),
      createMember("mod-suspend-reporter", "Ines Silva"),
    ]);
    const post = await publishPost(author, text);
    await report(reporter, post.id, "other", "Asking strangers for their bank details.");

    const { context: modContext, page: moderator } = await suite.open(360);
    await signInStaff(moderator, "moderator");
    await openSubject(moderator, text);
    await fillDecision(
      moderator,
      messages.reviewActionSuspend,
      messages.moderationReasonIllegal,
      "Asking people for their bank details is fraud; the account is suspended.",
    );
    await expect.poll(() => moderator.getByText(messages.reviewPendingApprovalNotice).isVisible()).toBe(true);
    await moderator.getByRole("button", { name: messages.reviewSubmit }).click();
    await expectSnackbar(moderator, messages.reviewSavedPending);
    const decisions = moderator.getByRole("region", { name: messages.reviewActionsHeading });
    await expect.poll(() => decisions.getByText(messages.strikeStatusPending).isVisible()).toBe(true);

    // The proposer sees it waiting, and that it is not theirs to approve.
    await moderator.goto("/admin/appeals");
    const proposed = moderator.getByRole("listitem").filter({ hasText: text });
    await expect.poll(() => proposed.getByText(messages.reviewOwnProposal).isVisible()).toBe(true);
    expect(await proposed.getByRole("button", { name: messages.reviewApprove }).count()).toBe(0);
    await expectNoAxeViolations(moderator);
    await expectNoSidewaysScroll(moderator, 360);
    await modContext.close();

    const { context: adminContext, page: admin } = await suite.open(1280);
    await signInStaff(admin, "admin");
    await admin.goto("/admin/appeals");
    const waiting = admin.getByRole("listitem").filter({ hasText: text });
    await waiting.getByRole("button", { name: messages.reviewApprove }).click();
    await expectSnackbar(admin, messages.reviewApproved);
    await expect.poll(() => admin.getByRole("listitem").filter({ hasText: text }).count()).toBe(0);
    await adminContext.close();
  }, 120_000);
});
