import { format, messages, SANDBOX_CARDS } from "@vn/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiCall, createMember, expectSnackbar, type Member, signInAt } from "../support/accounts";
import { apiUrl, expectNoAxeViolations, screenshot } from "../support/browser";
import { gotoRetrying } from "../support/content";
import { useBrowser } from "../support/suite";
import { changePlan, saveCard, verifiedMember } from "./billing-fixtures";
import { composer, historyText, sendWithEnter, waitForChats } from "./chats-fixtures";

/**
 * The sign-in dialog (issue 18, §2 global overlays): a visitor who presses follow, react, comment,
 * repost or message signs in in place and goes on with what they were doing; a wrong password is
 * told in the dialog. The follow and the reaction are checked on the page and through the API, and
 * a reload shows they were made once (a second replay would have undone the follow); the comment
 * box opens focused, the repost form opens (and the repost is made once), and a message lands in
 * the conversation with that person.
 */
const suite = useBrowser();

const dialogOf = (page: Page) => page.getByRole("dialog", { name: messages.signInDialogTitle });

async function fillDialog(page: Page, email: string, password: string) {
  const dialog = dialogOf(page);
  await dialog.getByLabel(messages.emailLabel, { exact: true }).fill(email);
  await dialog.getByLabel(messages.passwordLabel, { exact: true }).fill(password);
  await dialog.getByRole("button", { name: messages.signIn, exact: true }).click();
}

async function relationship(member: Member, slug: string): Promise<{ followed: boolean }> {
  const answer = await apiCall<{ data: { followed: boolean } }>(`/v1/profiles/${slug}/relationship`, {
    token: member.token,
  });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

interface PublicPost {
  id: string;
  path: string;
  type: { id: string };
  contentInteractionConfig: { reactionsEnabled: boolean; repostsEnabled: boolean; commentsMode: string };
}

/** The newest post of a demo profile with reactions on (read from the public API). */
async function newestPost(
  owner: string,
  fits: (item: PublicPost) => boolean = (item) => item.contentInteractionConfig.reactionsEnabled,
): Promise<{ id: string; path: string }> {
  const query = new URLSearchParams({
    tab: "media",
    filter: JSON.stringify({ section: "posts" }),
    pagination: JSON.stringify({ page: 1, perPage: 100 }),
  });
  const response = await fetch(`${apiUrl()}/api/v2/profiles/${owner}/content?${query.toString()}`);
  const body = (await response.json()) as { data: PublicPost[] };
  const found = body.data.find((item) => item.type.id === "post" && fits(item));
  if (!found) throw new Error(`${owner} has no such post`);
  return found;
}

describe.each([360, 1280])("the sign-in dialog at %i px", (width) => {
  it("a visitor presses Follow, signs in in the dialog, and the follow is made once", {
    timeout: 120_000,
  }, async () => {
    const member = await createMember(`dialog-follow-${width}`);
    expect((await relationship(member, "priya.shah")).followed).toBe(false);
    const { context, page } = await suite.open(width);
    await page.goto("/priya.shah");
    const follow = page
      .getByRole("main")
      .getByRole("button", { name: `${messages.followAction} Priya Shah` });
    await follow.click();

    const dialog = dialogOf(page);
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByText(format(messages.signInDialogFollow, { name: "Priya Shah" })).isVisible())
      .toBe(true);
    // It opens on the email field, with the links to join and to reset the password.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
      .toBe("email");
    expect(await dialog.getByRole("link", { name: messages.joinNow }).getAttribute("href")).toContain(
      "mode=signup",
    );
    expect(await dialog.getByRole("link", { name: messages.forgotPassword }).getAttribute("href")).toContain(
      "mode=forgot",
    );
    if (width === 360) {
      // Full width on a phone.
      const box = await dialog.boundingBox();
      expect(Math.round(box?.width ?? 0)).toBe(360);
    }
    await expectNoAxeViolations(page);
    await screenshot(page, `sign-in-dialog-${width}`);

    // Escape closes it; nothing was kept to happen later.
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await follow.click();
    await dialog.waitFor();

    // A wrong password: the sign-in form's own message, in the dialog.
    await fillDialog(page, member.email, "not-the-password-1");
    await expect.poll(() => dialog.getByText(messages.invalidCredentials).isVisible()).toBe(true);
    await screenshot(page, `sign-in-dialog-error-${width}`);

    await fillDialog(page, member.email, member.password);
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(false);
    const following = page
      .getByRole("main")
      .getByRole("button", { name: `${messages.followingAction} Priya Shah` });
    await expect.poll(() => following.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/priya.shah");
    await expect.poll(async () => (await relationship(member, "priya.shah")).followed).toBe(true);

    // Once: after a reload it is still followed (a second replay would have unfollowed). The
    // page is first rendered again for the person (the visitor's was the shared anonymous one).
    await page.waitForLoadState("networkidle");
    await gotoRetrying(page, "/priya.shah");
    await expect.poll(() => following.isVisible(), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(1000);
    expect((await relationship(member, "priya.shah")).followed).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem("vn.pendingIntent"))).toBeNull();
    await context.close();
  });
});

describe("the sign-in dialog for reactions", () => {
  it("a visitor presses Like on a publication, signs in, and the reaction is set", {
    timeout: 120_000,
  }, async () => {
    const member = await createMember("dialog-react");
    const post = await newestPost("anna.kowalski");
    const { context, page } = await suite.open(1280);
    await page.goto(post.path);
    const article = page.getByRole("article");
    await article.getByRole("button", { name: messages.reactionLike, exact: true }).click();
    const dialog = dialogOf(page);
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText(messages.signInDialogReact).isVisible()).toBe(true);
    await fillDialog(page, member.email, member.password);
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(false);

    const liked = article.getByRole("button", { name: messages.reactionLike, exact: true });
    await expect.poll(() => liked.getAttribute("aria-pressed"), { timeout: 15_000 }).toBe("true");
    const mine = async () =>
      (
        await apiCall<{ data: Record<string, string> }>(`/v1/reactions/mine?ids=${post.id}`, {
          token: member.token,
        })
      ).body.data[post.id];
    await expect.poll(mine).toBe("like");
    expect(new URL(page.url()).pathname).toBe(post.path);

    await page.waitForLoadState("networkidle");
    await gotoRetrying(page, post.path);
    await expect.poll(() => liked.getAttribute("aria-pressed"), { timeout: 15_000 }).toBe("true");
    await page.waitForTimeout(1000);
    expect(await mine()).toBe("like");
    await context.close();
  });
});

/** The member's plain reposts of `postId`, read from their own list of publications. */
async function repostsOf(member: Member, postId: string): Promise<number> {
  const query = new URLSearchParams({ tab: "media", filter: JSON.stringify({ section: "posts" }) });
  const answer = await apiCall<{ data: { type: { id: string }; repostOf: { id: string } | null }[] }>(
    `/v2/profiles/${member.slug}/content?${query.toString()}`,
    { token: member.token },
  );
  expect(answer.status).toBe(200);
  return answer.body.data.filter((item) => item.type.id === "repost" && item.repostOf?.id === postId).length;
}

describe.each([360, 1280])("the sign-in dialog goes on with what was pressed at %i px", (width) => {
  it("Comment: after signing in, the comment box is open and focused, and the comment is theirs", {
    timeout: 150_000,
  }, async () => {
    const member = await verifiedMember(`dialog-comment-${width}`);
    const post = await newestPost(
      "anna.kowalski",
      (item) => item.contentInteractionConfig.commentsMode !== "off",
    );
    const { context, page } = await suite.open(width);
    await page.goto(post.path);
    const article = page.getByRole("article");
    // A visitor's comment box is a button that asks them to sign in.
    await article.getByRole("button", { name: messages.commentPlaceholder }).click();
    const dialog = dialogOf(page);
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText(messages.signInDialogComment).isVisible()).toBe(true);
    await fillDialog(page, member.email, member.password);
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(false);

    // Back where they were, typing: the comment box has the focus.
    const box = article.getByRole("textbox", { name: messages.commentFieldLabel });
    await expect
      .poll(() => box.evaluate((el) => el === document.activeElement).catch(() => false), { timeout: 15_000 })
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe(post.path);
    await screenshot(page, `sign-in-dialog-comment-${width}`);
    const text = `Signed in and commenting at ${width} px ${Date.now().toString(36)}`;
    await page.keyboard.type(text);
    await article.getByRole("button", { name: messages.commentSubmit, exact: true }).click();
    await expect.poll(() => article.getByText(text).isVisible(), { timeout: 15_000 }).toBe(true);

    // Once: a reload does not focus the box again, and nothing is kept.
    await page.waitForLoadState("networkidle");
    await gotoRetrying(page, post.path);
    await box.waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1000);
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem("vn.pendingIntent"))).toBeNull();
    await context.close();
  });

  it("Repost: after signing in, the repost form is open, and the repost is made once", {
    timeout: 150_000,
  }, async () => {
    const member = await verifiedMember(`dialog-repost-${width}`);
    const post = await newestPost("anna.kowalski", (item) => item.contentInteractionConfig.repostsEnabled);
    const { context, page } = await suite.open(width);
    await page.goto(post.path);
    await page.getByRole("article").getByRole("button", { name: messages.repostAction, exact: true }).click();
    const dialog = dialogOf(page);
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText(messages.signInDialogRepost).isVisible()).toBe(true);
    await fillDialog(page, member.email, member.password);

    const form = page.getByRole("dialog", { name: messages.repostDialogTitle });
    await form.waitFor({ timeout: 15_000 });
    expect(await dialog.count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, `sign-in-dialog-repost-${width}`);
    await form.getByRole("button", { name: messages.repostNow, exact: true }).click();
    await expectSnackbar(page, messages.repostDone);
    await expect.poll(() => form.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(post.path);
    await expect.poll(() => repostsOf(member, post.id)).toBe(1);

    // Once: after a reload the form does not open again.
    await page.waitForLoadState("networkidle");
    await gotoRetrying(page, post.path);
    await page
      .getByRole("article")
      .getByRole("button", { name: messages.repostAction, exact: true })
      .waitFor();
    await page.waitForTimeout(1000);
    expect(await form.count()).toBe(0);
    expect(await repostsOf(member, post.id)).toBe(1);
    await context.close();
  });

  it("Message: after signing in, the messenger opens the conversation with that person", {
    timeout: 150_000,
  }, async () => {
    // The messenger is for paid plans: a verified member on Standard's trial.
    const member = await verifiedMember(`dialog-message-${width}`);
    await saveCard(member, SANDBOX_CARDS.succeeds);
    await changePlan(member, "standard", true);
    const { context, page } = await suite.open(width);
    await page.goto("/priya.shah/connect");
    await page
      .getByRole("main")
      .getByRole("button", { name: messages.chatsMessageAction, exact: true })
      .click();
    const dialog = dialogOf(page);
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByText(format(messages.signInDialogMessage, { name: "Priya Shah" })).isVisible())
      .toBe(true);
    await fillDialog(page, member.email, member.password);

    // /chats?with=priya.shah opens (or starts) the conversation, which then names itself ?chat=.
    await page.waitForURL((url) => url.pathname === "/chats" && url.searchParams.has("chat"), {
      timeout: 20_000,
    });
    await waitForChats(page);
    await composer(page).waitFor();
    const opened = new URL(page.url()).searchParams.get("chat");
    // The conversation with Priya: asking for it again answers the same one.
    const again = await apiCall<{ data: { id: string } }>("/v1/chats", {
      token: member.token,
      body: { with: "priya.shah" },
    });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(opened);
    await screenshot(page, `sign-in-dialog-message-${width}`);
    const text = `Hello Priya, signed in from your page ${Date.now().toString(36)}`;
    await sendWithEnter(page, text);
    await expect.poll(() => historyText(page, text).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem("vn.pendingIntent"))).toBeNull();
    await context.close();
  });
});

describe("a press before the page knows who is signed in", () => {
  it("a signed-in person who presses Follow before GET /users/me answers follows, with no sign-in dialog", {
    timeout: 120_000,
  }, async () => {
    const member = await createMember("dialog-early-follow");
    const { context, page } = await suite.open(1280);
    await signInAt(page, member.email, member.password, `/${member.slug}`);
    // The session's answer held back, as on a slow network: the page (the shared anonymous render)
    // is hydrated and pressed before the browser knows who is signed in.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === "/api/v1/users/me",
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto("/priya.shah");
    const main = page.getByRole("main");
    const follow = main.getByRole("button", { name: `${messages.followAction} Priya Shah` });
    // Pressed until the hydrated button keeps the intent (a press before hydration does nothing).
    await expect
      .poll(
        async () => {
          await follow.click();
          return page.evaluate(() => sessionStorage.getItem("vn.pendingIntent"));
        },
        { timeout: 20_000 },
      )
      .not.toBeNull();
    await page.waitForTimeout(300);
    expect(await dialogOf(page).isVisible()).toBe(false);

    release();
    const following = main.getByRole("button", { name: `${messages.followingAction} Priya Shah` });
    await expect.poll(() => following.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await relationship(member, "priya.shah")).followed).toBe(true);
    expect(await dialogOf(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem("vn.pendingIntent"))).toBeNull();
    await context.close();
  });
});
