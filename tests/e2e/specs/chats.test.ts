import { format, messages } from "@vn/contract";
import { describe, expect, it } from "vitest";
import { expectSnackbar, signInWithForm } from "../support/accounts";
import { expectNoAxeViolations, screenshotWidths } from "../support/browser";
import { useBrowser } from "../support/suite";
import { verifiedMember } from "./billing-fixtures";
import {
  bubble,
  chatEntry,
  composer,
  demoToken,
  droppableSockets,
  expectVisible,
  historyText,
  messageActions,
  picture,
  sendWithEnter,
  setMessagePolicy,
  slowUploads,
  waitForChats,
} from "./chats-fixtures";

/**
 * The messenger between two people in two browser contexts (issue 15): a message arrives live and
 * shows "Seen" once read; typing shows; a file goes with a progress bar; a dropped socket catches
 * up after reconnecting; a message request is accepted; a block ends the conversation; the connect
 * tab says when a chat is not available.
 */
const suite = useBrowser();
const stamp = Date.now().toString(36);

describe("a conversation between Anna and Priya", () => {
  it("live delivery, Seen, typing, an attachment with progress, and catching up after a drop", {
    timeout: 180_000,
  }, async () => {
    const anna = await suite.signedIn("anna@demo.verified.local");
    const priya = await suite.signedIn("priya@demo.verified.local");
    const sockets = await droppableSockets(anna);

    // Anna starts from Priya's connect tab: Message opens the conversation (?with= → ?chat=).
    await anna.goto("/priya.shah/connect");
    await anna.getByRole("link", { name: messages.chatsMessageAction }).click();
    await anna.waitForURL(/\/chats\?chat=/);
    await waitForChats(anna);
    await composer(anna).waitFor();

    await priya.goto("/chats");
    await waitForChats(priya);

    // Anna writes; Priya's list shows it live and her header counts it.
    const first = `Hello Priya ${stamp}`;
    await sendWithEnter(anna, first);
    await expectVisible(() => historyText(anna, first).isVisible());
    await expectVisible(() => chatEntry(priya, "Anna Kowalski").getByText(first).isVisible());
    await expectVisible(() => priya.getByTestId("chats-unread").isVisible());

    // Priya opens it: Anna sees "Seen" under her message, and the header count goes.
    await chatEntry(priya, "Anna Kowalski").click();
    await expectVisible(() => historyText(priya, first).isVisible());
    await expectVisible(() => anna.getByTestId("chat-seen").isVisible());
    await expect.poll(() => priya.getByTestId("chats-unread").count(), { timeout: 15_000 }).toBe(0);

    // Priya types: Anna sees who is typing; Priya's answer arrives live.
    await composer(priya).pressSequentially("On my way", { delay: 20 });
    await expectVisible(() =>
      anna.getByText(format(messages.chatsTyping, { name: "Priya Shah" })).isVisible(),
    );
    await composer(priya).press("Enter");
    await expectVisible(() => historyText(anna, "On my way").isVisible());
    // Shift+Enter keeps writing on a new line instead of sending.
    await expect.poll(() => composer(priya).inputValue()).toBe("");
    await composer(priya).press("Shift+Enter");
    await expect.poll(() => composer(priya).inputValue()).toBe("\n");
    await composer(priya).fill("");

    await expectNoAxeViolations(anna);
    await screenshotWidths(anna, "chats-conversation");

    // An attachment: the progress bar shows while it uploads, then Priya sees the picture.
    await slowUploads(anna);
    await anna.getByTestId("chat-file-input").setInputFiles({
      name: `plan-${stamp}.png`,
      mimeType: "image/png",
      buffer: await picture(),
    });
    await expectVisible(() => anna.getByRole("progressbar").isVisible());
    await expectVisible(() =>
      anna
        .getByRole("list", { name: messages.chatsAttach })
        .getByText(`plan-${stamp}.png`, { exact: true })
        .isVisible(),
    );
    await anna.getByRole("button", { name: messages.chatsSend, exact: true }).click();
    await expectVisible(() => priya.locator('[data-attachment="image"] img').last().isVisible(), 30_000);

    // Anna's connection drops: Priya's next message waits on the server until Anna reconnects.
    await sockets.drop();
    await expectVisible(() => anna.getByText(messages.chatsConnectionLost).isVisible());
    const missed = `While you were away ${stamp}`;
    await sendWithEnter(priya, missed);
    await expectVisible(() => historyText(priya, missed).isVisible());
    expect(await historyText(anna, missed).count()).toBe(0);
    await anna.getByRole("button", { name: messages.chatsReconnect }).click();
    await expectVisible(() => historyText(anna, missed).isVisible());
    await expect.poll(() => historyText(anna, missed).count()).toBe(1);

    // The list at both widths (side by side at 1280, the list alone at 360).
    await anna.goto("/chats");
    await waitForChats(anna);
    await expectVisible(() => chatEntry(anna, "Priya Shah").isVisible());
    await expectNoAxeViolations(anna);
    await screenshotWidths(anna, "chats-list");

    await anna.context().close();
    await priya.context().close();
  });
});

describe("messages after sending, and groups", () => {
  it("an edit and a delete for everyone show live on the other side; a report goes once", {
    timeout: 120_000,
  }, async () => {
    const anna = await suite.signedIn("anna@demo.verified.local");
    const priya = await suite.signedIn("priya@demo.verified.local");
    await anna.goto("/chats?with=priya.shah");
    await anna.waitForURL(/\/chats\?chat=/);
    await waitForChats(anna);
    // The first message makes the conversation Priya's too (an empty one is not listed).
    const draft = `Draft ${stamp}`;
    await sendWithEnter(anna, draft);
    await priya.goto("/chats");
    await waitForChats(priya);
    await chatEntry(priya, "Anna Kowalski").click();
    await expectVisible(() => historyText(priya, draft).isVisible());

    // Anna edits it: Priya sees the new words and "edited", without reloading.
    const edited = `Edited ${stamp}`;
    await messageActions(anna, draft).click();
    await anna.getByRole("menuitem", { name: messages.chatsEdit }).click();
    await anna.getByLabel(messages.chatsEdit, { exact: true }).fill(edited);
    await anna.getByRole("button", { name: messages.chatsSaveEdit }).click();
    await expectVisible(() => historyText(priya, edited).isVisible());
    await expectVisible(() =>
      bubble(priya, edited)
        .getByText(new RegExp(`· ${messages.chatsEdited}$`))
        .isVisible(),
    );
    expect(await historyText(priya, draft).count()).toBe(0);

    // Then deletes it for everyone: a tombstone takes its place on both sides.
    const tombstones = (page: typeof anna) => historyText(page, messages.chatMessageDeleted).count();
    const before = { anna: await tombstones(anna), priya: await tombstones(priya) };
    await messageActions(anna, edited).click();
    await anna.getByRole("menuitem", { name: messages.chatsDeleteForEveryone }).click();
    await anna
      .getByRole("dialog", { name: messages.chatsDeleteForEveryone })
      .getByRole("button", { name: messages.chatsDeleteForEveryone })
      .click();
    await expect.poll(() => historyText(priya, edited).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => tombstones(priya), { timeout: 15_000 }).toBe(before.priya + 1);
    await expect.poll(() => tombstones(anna)).toBe(before.anna + 1);

    // Priya reports another of Anna's messages: a reason is asked for, then thanks; a second
    // report of the same message is refused in words.
    const rude = `Report me ${stamp}`;
    await sendWithEnter(anna, rude);
    await expectVisible(() => historyText(priya, rude).isVisible());
    await messageActions(priya, rude).click();
    await priya.getByRole("menuitem", { name: messages.chatsReport }).click();
    const report = priya.getByRole("dialog", { name: messages.chatsReportTitle });
    await report.getByRole("button", { name: messages.reportSubmit }).click();
    await expectVisible(() => report.getByText(messages.fieldRequired).first().isVisible());
    await report.getByLabel(messages.reportReasonLabel).selectOption("harassment");
    await expectNoAxeViolations(priya);
    await screenshotWidths(priya, "chats-report-dialog");
    await report.getByRole("button", { name: messages.reportSubmit }).click();
    await expectSnackbar(priya, messages.reportSent);
    await expect.poll(() => report.count()).toBe(0);
    await messageActions(priya, rude).click();
    await priya.getByRole("menuitem", { name: messages.chatsReport }).click();
    await report.getByLabel(messages.reportReasonLabel).selectOption("spam");
    await report.getByRole("button", { name: messages.reportSubmit }).click();
    await expectVisible(() => report.getByText(messages.chatsReportAlready).isVisible());
    // One's own messages have no Report.
    await messageActions(anna, rude).click();
    await expectVisible(() => anna.getByRole("menuitem", { name: messages.chatsEdit }).isVisible());
    expect(await anna.getByRole("menuitem", { name: messages.chatsReport }).count()).toBe(0);

    await anna.context().close();
    await priya.context().close();
  });

  it("a history page that fails to load offers a retry", { timeout: 60_000 }, async () => {
    const anna = await suite.signedIn("anna@demo.verified.local");
    await anna.goto("/chats");
    await waitForChats(anna);
    // The network fails the history request once, as a dropped connection would.
    const history = /\/api\/v1\/chats\/[^/]+\/messages(\?|$)/;
    await anna.route(history, (route) => route.abort("connectionreset"));
    await chatEntry(anna, "Priya Shah").click();
    const retry = anna.getByRole("button", { name: messages.tryAgain });
    await expectVisible(() => anna.getByText(messages.chatsHistoryFailed).isVisible());
    await anna.unroute(history);
    await retry.click();
    await expectVisible(() => anna.locator("[data-message-seq]").first().isVisible());
    expect(await anna.getByText(messages.chatsHistoryFailed).count()).toBe(0);
    await anna.context().close();
  });

  it("a group's members are picked by name with the keyboard, as chips", {
    timeout: 120_000,
  }, async () => {
    const anna = await suite.signedIn("anna@demo.verified.local");
    const priya = await suite.signedIn("priya@demo.verified.local");
    await priya.goto("/chats");
    await waitForChats(priya);
    await anna.goto("/chats");
    await waitForChats(anna);

    await anna.getByRole("button", { name: messages.chatsNewGroup }).click();
    const dialog = anna.getByRole("dialog", { name: messages.chatsNewGroup });
    await dialog.getByLabel(messages.chatsGroupTitle).fill(`Launch crew ${stamp}`);
    const picker = dialog.getByRole("combobox", { name: messages.chatsGroupMembers });
    const chips = () =>
      dialog
        .getByTestId("member-chip")
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-name")));

    // Type, see the people found, Enter picks the highlighted one.
    await picker.pressSequentially("Priya", { delay: 30 });
    await expectVisible(() => dialog.getByRole("option", { name: /Priya Shah/ }).isVisible());
    await picker.press("Enter");
    await expect.poll(chips).toEqual(["Priya Shah"]);
    await expect.poll(() => picker.inputValue()).toBe("");

    // Arrow keys move through the list; the list shows at both widths.
    await picker.pressSequentially("Daniel", { delay: 30 });
    await expectVisible(() => dialog.getByRole("option", { name: /Daniel Okafor/ }).isVisible());
    await picker.press("ArrowDown");
    await picker.press("ArrowUp");
    await expect
      .poll(() => dialog.getByRole("option", { name: /Daniel Okafor/ }).getAttribute("aria-selected"))
      .toBe("true");
    await expectNoAxeViolations(anna);
    await screenshotWidths(anna, "chats-member-picker");
    await picker.press("Enter");
    await expect.poll(chips).toEqual(["Priya Shah", "Daniel Okafor"]);

    // Backspace in the empty field takes the last chip back; a click picks again.
    await picker.press("Backspace");
    await expect.poll(chips).toEqual(["Priya Shah"]);
    await picker.pressSequentially("Daniel", { delay: 30 });
    await dialog.getByRole("option", { name: /Daniel Okafor/ }).click();
    await expect.poll(chips).toEqual(["Priya Shah", "Daniel Okafor"]);
    // Oneself is never offered.
    await picker.pressSequentially("Kowalski", { delay: 20 });
    await expectVisible(async () => (await dialog.getByText(messages.chatsMemberSearching).count()) === 0);
    await expectVisible(() => dialog.getByRole("listbox").isVisible());
    expect(await dialog.getByRole("option", { name: /Anna Kowalski/ }).count()).toBe(0);
    await picker.fill("");

    await dialog.getByRole("button", { name: messages.chatsGroupCreate }).click();
    await anna.waitForURL(/\/chats\?chat=/);
    await expectVisible(() =>
      anna.getByText(format(messages.chatsGroupMemberCount, { count: 3 })).isVisible(),
    );
    await expectVisible(() => chatEntry(priya, `Launch crew ${stamp}`).isVisible());

    await anna.context().close();
    await priya.context().close();
  });
});

describe("message requests", () => {
  it("a request is accepted; a block ends the conversation for the sender", {
    timeout: 240_000,
  }, async () => {
    const [accepting, blocking] = await Promise.all([
      verifiedMember("chat-accept"),
      verifiedMember("chat-block"),
    ]);
    const anna = await suite.signedIn("anna@demo.verified.local");

    // Anna writes to two people who do not follow her: each gets a request.
    for (const member of [accepting, blocking]) {
      await anna.goto(`/chats?with=${member.slug}`);
      await anna.waitForURL(/\/chats\?chat=/);
      await waitForChats(anna);
      await sendWithEnter(anna, `Hi ${member.name}, about the launch ${stamp}`);
      await expectVisible(() =>
        historyText(anna, `Hi ${member.name}, about the launch ${stamp}`).isVisible(),
      );
    }

    // The first accepts: the conversation leaves Requests for the inbox.
    const { page: recipient } = await suite.open();
    await recipient.goto("/login");
    await signInWithForm(recipient, accepting.email, accepting.password);
    await recipient.waitForURL((url) => !url.pathname.startsWith("/login"));
    await recipient.goto("/chats");
    await waitForChats(recipient);
    const requests = recipient.getByRole("region", { name: messages.chatsListLabel }).getByRole("heading", {
      name: new RegExp(messages.chatsRequestsHeading),
    });
    await expectVisible(() => requests.isVisible());
    await expectNoAxeViolations(recipient);
    await screenshotWidths(recipient, "chats-requests");
    await chatEntry(recipient, "Anna Kowalski").click();
    await recipient.getByRole("button", { name: messages.chatsRequestAccept }).click();
    await expect.poll(() => recipient.getByTestId("chat-request").count()).toBe(0);
    await expect.poll(() => requests.count()).toBe(0);
    await expectVisible(() => chatEntry(recipient, "Anna Kowalski").isVisible());

    // Then they close their door: "who can message me" → nobody, in the messaging settings.
    await recipient.getByRole("button", { name: messages.chatsSettings }).click();
    const settings = recipient.getByRole("dialog", { name: messages.chatsSettings });
    await settings.getByLabel(messages.chatsSettingsPolicy).selectOption("nobody");
    await expectNoAxeViolations(recipient);
    await settings.getByRole("button", { name: messages.chatsSaveEdit }).click();
    await expectVisible(() => settings.getByText(messages.chatsSettingsSaved).isVisible());
    await recipient.context().close();

    // The second blocks: Anna's composer gives way to the spec's sentence, live.
    const { page: blocker } = await suite.open();
    await blocker.goto("/login");
    await signInWithForm(blocker, blocking.email, blocking.password);
    await blocker.waitForURL((url) => !url.pathname.startsWith("/login"));
    await blocker.goto("/chats");
    await waitForChats(blocker);
    await chatEntry(blocker, "Anna Kowalski").click();
    await expect.poll(() => composer(anna).isVisible()).toBe(true);
    await blocker.getByRole("button", { name: messages.chatsRequestBlock }).click();
    await expectVisible(() => anna.getByTestId("chat-cannot-write").isVisible());
    await expect
      .poll(() => anna.getByTestId("chat-cannot-write").textContent())
      .toBe(messages.chatUnavailable);
    await expect.poll(() => composer(anna).count()).toBe(0);

    await blocker.context().close();
    await anna.context().close();
  });
});

describe("who may not start", () => {
  it("the connect tab of someone who lets nobody write says a chat is not available", {
    timeout: 60_000,
  }, async () => {
    const daniel = await demoToken("daniel@demo.verified.local");
    await setMessagePolicy(daniel, "nobody");
    try {
      const anna = await suite.signedIn("anna@demo.verified.local");
      await anna.goto("/daniel.okafor/connect");
      await expectVisible(() => anna.getByTestId("chat-unavailable").isVisible());
      await expect
        .poll(() => anna.getByTestId("chat-unavailable").textContent())
        .toBe(messages.chatUnavailable);
      await expect.poll(() => anna.getByRole("link", { name: messages.chatsMessageAction }).count()).toBe(0);
      await anna.context().close();
    } finally {
      await setMessagePolicy(daniel, "everyone_verified");
    }
  });

  it("an unverified member gets the verification popup from the connect tab", {
    timeout: 60_000,
  }, async () => {
    const tomas = await suite.signedIn("tomas@demo.verified.local");
    await tomas.goto("/anna.kowalski/connect");
    await tomas.getByRole("button", { name: messages.chatsMessageAction }).click();
    await expectVisible(() =>
      tomas.getByRole("dialog", { name: messages.accessRestrictedTitle }).isVisible(),
    );
    await tomas.context().close();
  });
});
