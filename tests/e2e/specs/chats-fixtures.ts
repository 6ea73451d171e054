import { format, type MessagePolicy, messages } from "@vn/contract";
import type { Page, WebSocketRoute } from "playwright-core";
import sharp from "sharp";
import { expect } from "vitest";
import { apiCall, DEMO_PASSWORD, expectSnackbar, openAccountMenu } from "../support/accounts";

/**
 * What the messenger walks share (chats.test.ts): the screen's landmarks, a way to drop a page's
 * socket as a network would (every socket of the page goes through a route the test can close),
 * and a picture to attach.
 */

/** /chats is on screen with its socket connected (the view marks itself live). */
export async function waitForChats(page: Page): Promise<void> {
  await page.locator('[data-chats-live="true"]').waitFor({ timeout: 20_000 });
}

/** The conversation list entry whose name is `name`. */
export const chatEntry = (page: Page, name: string) =>
  page
    .getByRole("region", { name: messages.chatsListLabel })
    .locator("button[data-chat-id]")
    .filter({ hasText: name });

/** The composer of the open conversation. */
export const composer = (page: Page) => page.getByRole("textbox", { name: messages.chatsComposerLabel });

/** Sends `text` with Enter, as a person would. */
export async function sendWithEnter(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press("Enter");
}

/** A message's text in the open conversation's history. */
export const historyText = (page: Page, text: string) =>
  page.locator("[data-message-seq]").getByText(text, { exact: true });

/** The message (bubble, time, menu) whose text is `text` in the open conversation. */
export const bubble = (page: Page, text: string) =>
  page.locator("[data-message-seq]").filter({ has: page.getByText(text, { exact: true }) });

/** The "⋯" menu button of that message. */
export const messageActions = (page: Page, text: string) =>
  bubble(page, text).getByRole("button", { name: messages.chatsMessageActions });

/**
 * Routes every websocket of the page through the test (before the page opens one): `drop()`
 * closes the ones open now on both ends, as a lost network would; later sockets connect normally.
 */
export async function droppableSockets(page: Page): Promise<{ drop(): Promise<void> }> {
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/socket\.io/, (socket) => {
    const server = socket.connectToServer();
    open.add(socket);
    socket.onClose(() => {
      open.delete(socket);
      void server.close().catch(() => undefined);
    });
  });
  return {
    async drop() {
      for (const socket of [...open]) await socket.close({ code: 4000, reason: "dropped" });
      open.clear();
    },
  };
}

/** A small PNG to attach. */
export function picture(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 10, g: 120, b: 90 } } })
    .png()
    .toBuffer();
}

/**
 * Holds the upload's part requests for a moment, so the progress bar is there to be seen (a small
 * file on a local server is otherwise done within a frame).
 */
export async function slowUploads(page: Page, delayMs = 1500): Promise<void> {
  await page.route(/\/api\/v1\/media\/uploads\/[^/]+(\?|$)/, async (route) => {
    if (route.request().method() === "PUT") await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
}

export async function expectVisible(check: () => Promise<boolean>, timeout = 15_000): Promise<void> {
  await expect.poll(check, { timeout }).toBe(true);
}

/** A demo member's session token, signed in as an API client would. */
export async function demoToken(email: string): Promise<string> {
  const signedIn = await apiCall<{ token: string }>("/auth/sign-in/email", {
    body: { email, password: DEMO_PASSWORD },
  });
  expect(signedIn.status).toBe(200);
  return signedIn.body.token;
}

/** "Who can message me" of the member holding `token`. */
export async function setMessagePolicy(token: string, messagePolicy: MessagePolicy): Promise<void> {
  const saved = await apiCall("/v1/chats/settings", { method: "PATCH", token, body: { messagePolicy } });
  expect(saved.status).toBe(200);
}

/** Switches the signed-in page to act as the profile named `name` (the header's account menu). */
export async function actAs(page: Page, name: string): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole("menuitem", { name: new RegExp(`^${name}`) }).click();
  await expectSnackbar(page, format(messages.switchedTo, { name }));
}
