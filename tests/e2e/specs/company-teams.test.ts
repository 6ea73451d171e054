import { format, messages } from "@vn/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  createMember,
  DEMO_PASSWORD,
  expectNoSidewaysScroll,
  expectSnackbar,
  openAccountMenu,
  signInAt,
  signInWithForm,
} from "../support/accounts";
import { expectNoAxeViolations, screenshot, screenshotWidths } from "../support/browser";
import { waitForMail } from "../support/mail";
import { useBrowser } from "../support/suite";

const suite = useBrowser();
const COMPANY = "Northwind Analytics";

async function switchTo(page: Page, name: string): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole("menuitem", { name: new RegExp(`^${name}`) }).click();
  await expectSnackbar(page, format(messages.switchedTo, { name }));
}

/** The team invitation link of the newest invitation mail to `address`. */
async function readTeamInviteLink(address: string, since: number): Promise<string> {
  const pattern = /https?:\/\/[^\s"<>]+\/companies\/invites\/[A-Za-z0-9_-]+/;
  const mail = await waitForMail(address, (item) => pattern.test(item.text), { since });
  const link = pattern.exec(mail.text)?.[0];
  if (!link) throw new Error("No team invitation link");
  return link;
}

/** Opens the invitation as a visitor: /login first, then back to the invitation signed in. */
async function openInvitation(page: Page, link: string, email: string, password: string): Promise<void> {
  const { pathname } = new URL(link);
  await page.goto(pathname);
  await page.waitForURL((url) => url.pathname === "/login");
  await signInWithForm(page, email, password);
  await page.waitForURL((url) => url.pathname === pathname);
  await expect.poll(() => page.getByText(COMPANY).first().isVisible()).toBe(true);
}

describe("company teams", () => {
  it("an owner invites two people; one accepts and shows in the people tab, the other rejects", async () => {
    const kim = await createMember("team-kim", "Kim Larsen");
    const lee = await createMember("team-lee", "Lee Novak");

    // Anna acts as Northwind and invites both from the people tab.
    const { context, page } = await suite.open(1280);
    await signInAt(page, "anna@demo.verified.local", DEMO_PASSWORD, "/anna.kowalski");
    await switchTo(page, COMPANY);
    await page.waitForURL((url) => url.pathname === "/northwind");
    await page.getByRole("link", { name: messages.profileTabPeople }).click();
    await page.waitForURL((url) => url.pathname === "/northwind/people");
    await expect.poll(() => page.getByRole("heading", { name: messages.teamTitle }).isVisible()).toBe(true);

    const since = Date.now();
    await page.getByRole("button", { name: messages.teamInviteAction }).click();
    const dialog = page.getByRole("dialog");
    const emails = dialog.getByLabel(messages.teamInviteEmailsLabel);
    // An email twice is "Already added" before anything is sent.
    await emails.fill(`${kim.email}\n${kim.email}`);
    await dialog.getByRole("button", { name: messages.teamInviteSend }).click();
    await expect
      .poll(() =>
        dialog
          .getByText(
            format(messages.teamInviteRowError, { email: kim.email, message: messages.alreadyAdded }),
          )
          .isVisible(),
      )
      .toBe(true);
    await emails.fill(`${kim.email}, ${lee.email}`);
    await expectNoAxeViolations(page);
    await screenshot(page, "team-invite-dialog-1280");
    await dialog.getByRole("button", { name: messages.teamInviteSend }).click();
    await expectSnackbar(page, messages.teamInviteSent);
    const pending = page.getByRole("region", { name: messages.teamPendingTitle });
    await expect.poll(() => pending.getByText(kim.email).isVisible()).toBe(true);
    await expect.poll(() => pending.getByText(lee.email).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "team-people-owner");

    // Kim opens the mailed link, signs in on the way, and accepts.
    const kimLink = await readTeamInviteLink(kim.email, since);
    const kimSide = await suite.open(360);
    await openInvitation(kimSide.page, kimLink, kim.email, kim.password);
    await expectNoAxeViolations(kimSide.page);
    await expectNoSidewaysScroll(kimSide.page, 360);
    await screenshot(kimSide.page, "team-invitation-360");
    await kimSide.page.getByRole("button", { name: messages.teamInviteAccept }).click();
    await expectSnackbar(kimSide.page, format(messages.teamInviteAccepted, { company: COMPANY }));
    await kimSide.page.waitForURL((url) => url.pathname === "/northwind");
    // The switcher now offers the company.
    await openAccountMenu(kimSide.page);
    await expect
      .poll(() => kimSide.page.getByRole("menuitem", { name: new RegExp(`^${COMPANY}`) }).isVisible())
      .toBe(true);
    await kimSide.page.keyboard.press("Escape");
    // The same link again is §8's 409, worded by the server.
    await kimSide.page.goto(new URL(kimLink).pathname);
    await expect.poll(() => kimSide.page.getByText(messages.invitationUnavailable).isVisible()).toBe(true);
    await kimSide.context.close();

    // Lee rejects with a reason; the reason is required first.
    const leeLink = await readTeamInviteLink(lee.email, since);
    const leeSide = await suite.open(1280);
    await openInvitation(leeSide.page, leeLink, lee.email, lee.password);
    await leeSide.page.getByRole("button", { name: messages.teamInviteReject }).click();
    await leeSide.page.getByRole("button", { name: messages.teamRejectSend }).click();
    await expect.poll(() => leeSide.page.getByText(messages.teamRejectReasonRequired).isVisible()).toBe(true);
    await leeSide.page.getByLabel(messages.teamRejectReasonLabel).fill("I have joined another company.");
    await expectNoAxeViolations(leeSide.page);
    await screenshot(leeSide.page, "team-invitation-reject-1280");
    await leeSide.page.getByRole("button", { name: messages.teamRejectSend }).click();
    await expect.poll(() => leeSide.page.getByText(messages.teamInviteRejected).isVisible()).toBe(true);
    await leeSide.context.close();

    // Anna sees Kim on the team with the owner's actions, and no invitation left waiting.
    await page.reload();
    const members = page.getByRole("list", { name: format(messages.teamMembersLabel, { company: COMPANY }) });
    await expect
      .poll(() =>
        members.getByRole("link", { name: `${messages.teamPersonalProfile}: Kim Larsen` }).isVisible(),
      )
      .toBe(true);
    await expect.poll(() => pending.getByText(messages.teamPendingEmpty).isVisible()).toBe(true);
    const kimActions = page.getByRole("group", {
      name: format(messages.teamMemberActions, { name: "Kim Larsen", company: COMPANY }),
    });
    await expect
      .poll(() => kimActions.getByRole("button", { name: messages.teamMakeManager }).isVisible())
      .toBe(true);
    await kimActions.getByRole("button", { name: messages.teamMakeManager }).click();
    await expectNoAxeViolations(page);
    await page.getByRole("dialog").getByRole("button", { name: messages.confirmChange }).click();
    await expectSnackbar(page, messages.teamRoleChanged);
    await expect
      .poll(() => kimActions.getByRole("button", { name: messages.teamTransfer }).isVisible())
      .toBe(true);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "team-people-members");
    await context.close();
  });
});
