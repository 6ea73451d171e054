import { format, messages } from "@vn/contract";
import type { Page } from "playwright-core";
import sharp from "sharp";
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
import { verify } from "./billing-fixtures";

/**
 * Company teams (issue 14 "Done means"), walked on the demo's Northwind Analytics: Anna (owner)
 * invites two people, one accepts, is made a manager and given a position, and publishes a release
 * "by" them; the other rejects. Anna invites one more with a photo and lets members hide their
 * byline. Milo (manager) edits his own card and the company page; Emma (employee) is refused the
 * company's settings.
 */

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

/** Signs a demo member in, switches to Northwind and waits for its page. */
async function actAsNorthwind(page: Page, email: string, landing: string): Promise<void> {
  await signInAt(page, email, DEMO_PASSWORD, landing);
  await switchTo(page, COMPANY);
  await page.waitForURL((url) => url.pathname === "/northwind");
}

/** The people tab of the company page the session acts as. */
async function openPeopleTab(page: Page): Promise<void> {
  await page.getByRole("link", { name: messages.profileTabPeople }).click();
  await page.waitForURL((url) => url.pathname === "/northwind/people");
  await expect.poll(() => page.getByRole("heading", { name: messages.teamTitle }).isVisible()).toBe(true);
}

const actionsOf = (page: Page, name: string) =>
  page.getByRole("group", { name: format(messages.teamMemberActions, { name, company: COMPANY }) });

describe("company teams", () => {
  it("an owner invites two people; one accepts, becomes a manager and publishes a release by them; the other rejects", {
    timeout: 180_000,
  }, async () => {
    const kim = await createMember("team-kim", "Kim Larsen");
    const lee = await createMember("team-lee", "Lee Novak");
    // Publishing for a company takes a verified person: Kim verifies meanwhile (identity sandbox).
    const kimVerified = verify(kim);

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

    // Anna gives Kim a position: it follows Kim's name on the people tab and on what Kim publishes.
    const placementTitle = format(messages.teamPlacementTitle, { name: "Kim Larsen" });
    await kimActions.getByRole("button", { name: placementTitle }).click();
    const placement = page.getByRole("dialog", { name: placementTitle });
    await placement.getByRole("textbox", { name: messages.teamInvitePositionLabel }).fill("H");
    await placement.getByRole("button", { name: messages.saveChanges }).click();
    await expect
      .poll(() => placement.getByText(format(messages.minChars, { count: 2 })).isVisible())
      .toBe(true);
    await placement.getByRole("textbox", { name: messages.teamInvitePositionLabel }).fill("Head of Research");
    await placement.getByRole("textbox", { name: messages.teamInviteTeamLabel }).fill("Research");
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "team-placement-dialog");
    await placement.getByRole("button", { name: messages.saveChanges }).click();
    await expectSnackbar(page, messages.teamPlacementSaved);
    await expect.poll(() => members.getByText("Head of Research · Research").isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "team-people-members");
    await context.close();

    // Kim, now a verified manager, publishes a release as Northwind: it names Kim and the position.
    await kimVerified;
    const kimPublishes = await suite.open(1280);
    await kimPublishes.page.goto("/login");
    await signInWithForm(kimPublishes.page, kim.email, kim.password);
    await kimPublishes.page.waitForURL((url) => url.pathname !== "/login");
    await switchTo(kimPublishes.page, COMPANY);
    await kimPublishes.page.goto("/create/release");
    const title = `Northwind opens a research lab ${Date.now().toString(36)}`;
    await kimPublishes.page.getByLabel(messages.fieldTitle, { exact: true }).fill(title);
    await kimPublishes.page.getByRole("textbox", { name: messages.fieldBody }).click();
    await kimPublishes.page.keyboard.type("The lab studies how regulated teams read their numbers.");
    await kimPublishes.page.getByRole("button", { name: messages.publishAction }).click();
    await kimPublishes.page.waitForURL((url) => url.pathname.startsWith("/northwind/"));
    await expect.poll(() => kimPublishes.page.getByText(title).first().isVisible()).toBe(true);
    const byline = format(messages.bylineWithPosition, { name: "Kim Larsen", position: "Head of Research" });
    await expect.poll(() => kimPublishes.page.getByText(byline).first().isVisible()).toBe(true);
    await expectNoAxeViolations(kimPublishes.page);
    await screenshotWidths(kimPublishes.page, "team-release-byline");
    await kimPublishes.context.close();
  });

  it("an owner invites one person with a photo and lets members hide their byline", {
    timeout: 120_000,
  }, async () => {
    const ines = await createMember("team-ines", "Ines Duarte");
    const { context, page } = await suite.open(1280);
    await actAsNorthwind(page, "anna@demo.verified.local", "/anna.kowalski");
    await openPeopleTab(page);

    await page.getByRole("button", { name: messages.teamInviteAction }).click();
    const dialog = page.getByRole("dialog", { name: messages.teamInviteAction });
    await dialog.getByLabel(messages.teamInviteEmailsLabel).fill(ines.email);
    await dialog.getByRole("textbox", { name: messages.teamInvitePositionLabel }).fill("Designer");
    // The employee image takes jpg, jpeg, png, heic and webp only: a GIF is refused before sending.
    const input = dialog.getByTestId("employee_image-input");
    const gif = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#c33" } })
      .gif()
      .toBuffer();
    await input.setInputFiles({ name: "face.gif", mimeType: "image/gif", buffer: gif });
    await expect.poll(() => dialog.getByText(messages.fileInvalidType).isVisible()).toBe(true);
    const photo = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#2a7" } })
      .jpeg()
      .toBuffer();
    await input.setInputFiles({ name: "face.jpg", mimeType: "image/jpeg", buffer: photo });
    const crop = page.getByRole("dialog", { name: "Crop image" });
    await crop.waitFor();
    await crop.getByRole("button", { name: "Apply and upload" }).click();
    await expect
      .poll(() => dialog.getByTestId("employee_image-variant").getAttribute("src"), { timeout: 30_000 })
      .toContain("/api/media/public/");
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "team-invite-photo-dialog");
    await dialog.getByRole("button", { name: messages.teamInviteSend }).click();
    await expectSnackbar(page, messages.teamInviteSent);
    const pending = page.getByRole("region", { name: messages.teamPendingTitle });
    await expect.poll(() => pending.getByText(ines.email).isVisible()).toBe(true);
    // The invitation carries the photo the company uploaded.
    await expect
      .poll(async () => (await pending.locator("img").first().getAttribute("src")) ?? "")
      .toContain("/api/media/public/");

    // Team settings: members may hide "by {name}, {position}" (owners only).
    const settings = page.getByRole("region", { name: messages.teamSettingsTitle });
    const allow = settings.getByRole("checkbox", {
      name: format(messages.teamMembersMayHideBylineLabel, { company: COMPANY }),
    });
    await expect.poll(() => allow.isChecked()).toBe(false);
    await allow.check();
    await expectSnackbar(page, messages.teamSettingsSaved);
    await page.reload();
    await expect.poll(() => allow.isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "team-people-owner-settings");
    await context.close();
  });

  it("a manager edits their own card and the company page", { timeout: 120_000 }, async () => {
    const { context, page } = await suite.open(360);
    await actAsNorthwind(page, "milo@demo.verified.local", "/milo.manager");
    await openPeopleTab(page);
    // A manager has no team settings (owners only) and changes no roles.
    expect(await page.getByRole("region", { name: messages.teamSettingsTitle }).count()).toBe(0);
    expect(await page.getByRole("button", { name: messages.teamMakeManager }).count()).toBe(0);

    // "Edit my details" on Milo's own row.
    await actionsOf(page, "Milo Manager").getByRole("button", { name: messages.teamEditMyDetails }).click();
    const mine = page.getByRole("dialog", {
      name: format(messages.teamMyDetailsTitle, { company: COMPANY }),
    });
    const caption = mine.getByLabel(messages.teamInviteCaptionLabel);
    await caption.waitFor();
    await caption.fill("Press, launches and analyst days.");
    await mine.getByRole("checkbox", { name: messages.teamDisplayPersonalProfileLabel }).uncheck();
    // Anna let members hide their byline (the walk before): Milo may.
    const hide = mine.getByRole("checkbox", {
      name: format(messages.teamHideBylineLabel, { company: COMPANY }),
    });
    expect(await hide.isDisabled()).toBe(false);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page, 360);
    await screenshotWidths(page, "team-my-details-dialog");
    await mine.getByRole("button", { name: messages.saveChanges }).click();
    await expectSnackbar(page, messages.teamMyDetailsSaved);
    const members = page.getByRole("list", { name: format(messages.teamMembersLabel, { company: COMPANY }) });
    await expect.poll(() => members.getByText("Press, launches and analyst days.").isVisible()).toBe(true);
    // Milo no longer links his personal profile from the team.
    expect(
      await members.getByRole("link", { name: `${messages.teamPersonalProfile}: Milo Manager` }).count(),
    ).toBe(0);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "team-people-manager");

    // The company page (decision 0019: page content, the topics scope managers hold).
    await page.goto("/northwind");
    await page.getByRole("button", { name: messages.editPage }).click();
    const editor = page.getByRole("dialog", { name: messages.editCompanyPageTitle });
    await editor.waitFor();
    const renamed = "Northwind Analytics Group";
    const about =
      "Analytics for regulated industries. Our communications team answers press questions within a day.";
    await editor.getByLabel(messages.companyNameLabel).fill(renamed);
    await editor.getByLabel(messages.aboutLabel).fill(about);
    await editor
      .getByLabel(messages.linkedinLabel)
      .fill("https://www.linkedin.com/company/northwind-analytics");
    await editor.getByRole("button", { name: messages.saveChanges }).click();
    await expectSnackbar(page, messages.pageSaved);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: renamed }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(about).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: messages.linkedinLabel }).getAttribute("href")).toBe(
      "https://www.linkedin.com/company/northwind-analytics",
    );
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "team-manager-edited-page");
    // The demo's name back, for the specs after this one.
    await page.getByRole("button", { name: messages.editPage }).click();
    await editor.getByLabel(messages.companyNameLabel).fill(COMPANY);
    await editor.getByRole("button", { name: messages.saveChanges }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1, name: COMPANY }).isVisible()).toBe(true);
    await context.close();
  });

  it("an employee is refused the company's settings: no Edit page, no People tab, no billing", {
    timeout: 90_000,
  }, async () => {
    const { context, page } = await suite.open(1280);
    await actAsNorthwind(page, "emma@demo.verified.local", "/emma.employee");
    await expect.poll(() => page.getByRole("button", { name: messages.teamLeave }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: messages.editPage }).count()).toBe(0);
    const tabs = page.getByRole("navigation", { name: messages.profileTabsLabel });
    expect(await tabs.getByRole("link", { name: messages.profileTabPeople }).count()).toBe(0);
    // The company's publications are not hers to edit or delete (her scope covers her own posts).
    const release = "Northwind raises Series B to expand in the Nordics";
    await expect.poll(() => page.getByText(release).first().isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: `${messages.deleteAction}: ${release}` }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "team-employee-company-page");
    // The people tab's address shows no team to an employee.
    await page.goto("/northwind/people");
    await expect.poll(() => page.getByRole("heading", { level: 1, name: COMPANY }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: messages.teamTitle }).count()).toBe(0);
    // Billing is the owners': its address says so.
    await page.goto("/settings/billing");
    await expect.poll(() => page.getByText(messages.billingNotAllowed).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "team-employee-billing");
    await context.close();
  });
});
