import { messages, STRIKES_PATH } from "@vn/contract";
import { describe, expect, it } from "vitest";
import {
  apiCall,
  createMember,
  expectNoSidewaysScroll,
  type Member,
  signInWithForm,
} from "../support/accounts";
import { expectNoAxeViolations, screenshotWidths } from "../support/browser";
import { waitForMail } from "../support/mail";
import { staffToken } from "../support/staff";
import { useBrowser } from "../support/suite";
import { verify } from "./billing-fixtures";

/**
 * The person's side of moderation (issue 16): the author of a removed publication reads why on
 * its page and on their strikes page (the notification leads there) and finds the one appeal; a
 * suspended person, who cannot sign in, appeals once through the signed link in their mail.
 * Reports and staff decisions are made through the API (the back-office has its own spec).
 */
const suite = useBrowser();

type Subject = { id: string; targetId: string; version: number };

async function report(reporter: Member, targetType: string, targetId: string, reason: string): Promise<void> {
  const sent = await apiCall("/v1/reports", {
    token: reporter.token,
    body: { targetType, targetId, reason },
  });
  expect(sent.status).toBe(201);
}

/** The moderator's decision on the open subject of `targetId`, through the API. */
async function decide(targetId: string, body: Record<string, unknown>): Promise<void> {
  const token = await staffToken("moderator");
  const queue = await apiCall<{ data: Subject[] }>("/v1/staff/moderation/subjects?state=open&perPage=100", {
    token,
  });
  expect(queue.status).toBe(200);
  const subject = queue.body.data.find((s) => s.targetId === targetId);
  expect(subject).toBeTruthy();
  const acted = await apiCall(`/v1/staff/moderation/subjects/${subject!.id}/actions`, {
    token,
    body: { ...body, version: subject!.version },
  });
  expect(acted.status).toBe(200);
}

describe("moderation, the person's side", () => {
  it("shows the author of a removed post why, on its page and on the strikes page the notification opens", async () => {
    const stamp = Date.now().toString(36);
    const text = `Follow for follow, guaranteed growth ${stamp}`;
    const [author, reporter] = await Promise.all([
      createMember("strike-author", "Nora Lind").then(verify),
      createMember("strike-reporter", "Omar Haddad").then(verify),
    ]);
    const created = await apiCall<{ data: { id: string; path: string } }>("/v1/content", {
      token: author.token,
      body: { kind: "post", content: text },
    });
    expect(created.status).toBe(201);
    const post = created.body.data;
    await report(reporter, "content", post.id, "spam");
    const why = "Follow-for-follow schemes are spam under our rules.";
    await decide(post.id, { action: "remove", reason: "spam", message: why });

    const { context, page } = await suite.open(1280);
    await page.goto("/login");
    await signInWithForm(page, author.email, author.password);
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));

    // The post's own page: removed, why, and the way to appeal.
    await page.goto(post.path);
    const notice = page.getByRole("region", { name: messages.contentRemovedTitle });
    await notice.waitFor();
    await expect.poll(() => notice.getByText(why).isVisible()).toBe(true);
    await expect
      .poll(() => notice.getByText(messages.moderationReasonSpam, { exact: true }).isVisible())
      .toBe(true);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "moderation-removed-post");

    // The notification leads to the strikes page.
    await page.goto("/notifications");
    const told = page
      .getByRole("link", { name: new RegExp(messages.notificationStrike.slice(0, 30)) })
      .first();
    await told.waitFor();
    await told.click();
    await page.waitForURL((url) => url.pathname === STRIKES_PATH);
    const strike = page.getByRole("article", { name: messages.strikeKindRemove });
    await strike.waitFor();
    await expect.poll(() => strike.getByText(why).isVisible()).toBe(true);
    await expect.poll(() => strike.getByText(text).isVisible()).toBe(true);
    await expect
      .poll(() => strike.getByRole("button", { name: messages.strikeAppealAction }).isVisible())
      .toBe(true);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "moderation-strikes");
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(page, 360);
    await context.close();
  }, 180_000);

  it("lets a suspended person appeal once through the signed link in their mail", async () => {
    const [target, reporter] = await Promise.all([
      createMember("strike-suspended", "Sly Seller"),
      createMember("strike-witness", "Wen Park").then(verify),
    ]);
    const me = await apiCall<{ data: { id: string } }>("/v1/users/me", { token: target.token });
    const since = Date.now();
    await report(reporter, "profile", me.body.data.id, "spam");
    const why = "This account only posts advertising for fake followers.";
    await decide(me.body.data.id, { action: "suspend", reason: "spam", message: why });

    // Signing in is refused; the mail carries the appeal link.
    expect((await apiCall("/v1/users/me", { token: target.token })).status).toBe(401);
    const mail = await waitForMail(target.email, (m) => m.subject === messages.mailStrikeSubject, { since });
    const link = /(https?:\/\/\S+\/moderation-appeal\/\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const path = new URL(link!).pathname;

    const { context, page } = await suite.open(360);
    await page.goto(path);
    const strike = page.getByRole("article", { name: messages.strikeKindSuspend });
    await strike.waitFor();
    await expect.poll(() => strike.getByText(why).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page, 360);
    await strike.getByRole("button", { name: messages.strikeAppealAction }).click();
    // Too short first: the catalogue's sentence, nothing sent.
    await strike.getByLabel(messages.appealMessageLabel).fill("No");
    await strike.getByRole("button", { name: messages.appealSubmit }).click();
    await expect.poll(() => strike.getByText("Min 10 characters.").isVisible()).toBe(true);
    await strike.getByLabel(messages.appealMessageLabel).fill("I sell real services; please look again.");
    await strike.getByRole("button", { name: messages.appealSubmit }).click();
    await expect.poll(() => strike.getByText(messages.strikeAppealPending).isVisible()).toBe(true);
    await expect.poll(() => strike.getByText(messages.strikeAppealSent).isVisible()).toBe(true);
    await screenshotWidths(page, "moderation-appeal-link");

    // Once: the link answers that the appeal is in.
    const again = await apiCall(`/v1/moderation/appeal-links/${path.split("/").pop()}`, {
      body: { text: "A second try through the same link." },
    });
    expect(again.status).toBe(409);
    await context.close();
  }, 180_000);
});
