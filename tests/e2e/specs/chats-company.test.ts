import { messages } from "@vn/contract";
import { expect, it } from "vitest";
import { expectNoAxeViolations, screenshotWidths } from "../support/browser";
import { useBrowser } from "../support/suite";
import {
  actAs,
  chatEntry,
  composer,
  expectVisible,
  historyText,
  sendWithEnter,
  waitForChats,
} from "./chats-fixtures";

/**
 * A company inbox (issue 15, item 4): Priya writes to Northwind Analytics; its owner (Anna) and
 * its manager (Milo), both acting as the company and both holding `chats`, see the conversation
 * live in the one inbox. Anna takes the request and assigns it to Milo, Milo sees that live;
 * Anna's internal note reaches Milo live and never Priya; Milo's answer, as Northwind, reaches
 * Priya live without saying which of them wrote it.
 */
const suite = useBrowser();
const stamp = Date.now().toString(36);
const COMPANY = "Northwind Analytics";

it("owner and manager share Northwind's inbox: live, assigned, an internal note the customer never sees", {
  timeout: 240_000,
}, async () => {
  const anna = await suite.signedIn("anna@demo.verified.local");
  await actAs(anna, COMPANY);
  const milo = await suite.signedIn("milo@demo.verified.local");
  await actAs(milo, COMPANY);
  for (const page of [anna, milo]) {
    await page.goto("/chats");
    await waitForChats(page);
  }

  // Priya writes to the company from its connect link.
  const priya = await suite.signedIn("priya@demo.verified.local");
  await priya.goto("/chats?with=northwind");
  await priya.waitForURL(/\/chats\?chat=/);
  await waitForChats(priya);
  const question = `Does Northwind export to Parquet? ${stamp}`;
  await sendWithEnter(priya, question);
  await expectVisible(() => historyText(priya, question).isVisible());

  // Both members of the company see it arrive, live, in the company's inbox.
  for (const page of [anna, milo]) {
    await expectVisible(() => chatEntry(page, "Priya Shah").getByText(question).isVisible());
  }

  // Anna opens it; it came as a request (Northwind does not follow Priya): she accepts it.
  await chatEntry(anna, "Priya Shah").click();
  await expectVisible(() => historyText(anna, question).isVisible());
  await anna.getByRole("button", { name: messages.chatsRequestAccept }).click();
  await expect.poll(() => anna.getByTestId("chat-request").count()).toBe(0);

  // Milo opens it too, with the company's panel (assignment, notes) open.
  await chatEntry(milo, "Priya Shah").click();
  await expectVisible(() => historyText(milo, question).isVisible());
  const miloPanel = milo.getByText(messages.chatsNotesHint);
  await miloPanel.click();
  const miloNotes = milo.getByRole("region", { name: messages.chatsNotesHeading });
  await miloNotes.waitFor();

  // Anna assigns it to Milo: Milo's panel says so, live.
  await anna.getByText(messages.chatsNotesHint).click();
  await anna.getByLabel(messages.chatsAssignTo).selectOption({ label: "Milo Manager" });
  await expectVisible(() =>
    milo.locator("summary").filter({ hasText: messages.chatsAssignee }).getByText("Milo Manager").isVisible(),
  );

  // Anna writes an internal note: it shows for Milo live.
  const note = `Key account, offer the Q3 connector ${stamp}`;
  await anna.getByLabel(messages.chatsNoteLabel).fill(note);
  await anna.getByRole("button", { name: messages.chatsNoteAdd }).click();
  await expectVisible(() =>
    anna.getByRole("region", { name: messages.chatsNotesHeading }).getByText(note).isVisible(),
  );
  await expectVisible(() => miloNotes.getByText(note).isVisible());

  // Milo answers as Northwind: Priya gets it live, from the company, never from "Milo".
  const answer = `Yes, since version 4 ${stamp}`;
  await sendWithEnter(milo, answer);
  await expectVisible(() => historyText(priya, answer).isVisible());
  await expectVisible(() => historyText(anna, answer).isVisible());

  // Priya's side carries nothing of the company's own layer: no note, no assignee, no panel.
  const priyaText = (await priya.locator("body").innerText()) ?? "";
  expect(priyaText).not.toContain(note);
  expect(priyaText).not.toContain(messages.chatsNotesHeading);
  expect(priyaText).not.toContain(messages.chatsAssignee);
  expect(await priya.getByText(note).count()).toBe(0);
  // Not after a fresh load either (the history as the server gives it to her).
  await priya.reload();
  await waitForChats(priya);
  await expectVisible(() => historyText(priya, answer).isVisible());
  expect(await priya.getByText(note).count()).toBe(0);
  expect(await priya.getByText("Milo Manager").count()).toBe(0);
  await expect.poll(() => composer(priya).isVisible()).toBe(true);

  // The company inbox with its note, at both widths.
  await expectNoAxeViolations(anna);
  await screenshotWidths(anna, "chats-company-inbox");

  for (const page of [anna, milo, priya]) await page.context().close();
});
