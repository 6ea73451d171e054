import { errorMessage, format, KYB_INVITE_COOKIES, messages } from "@vn/contract";
import type { BrowserContext, Page } from "playwright-core";
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
import { expectNoAxeViolations, screenshotWidths } from "../support/browser";
import { waitForMail } from "../support/mail";
import { useBrowser } from "../support/suite";
import { verify as verifyIdentity } from "./billing-fixtures";

/**
 * Business verification, KYB (issue 14), walked with the demo cast: Priya owns Brightline Media,
 * not verified yet; Daniel, a verified person, is invited as its director and confirms through
 * the mailed link as a visitor (the slug-kyb / status-kyb cookies carry his answer through
 * sign-in). The sandbox registry answers by the registration number's last four digits (0001:
 * verified) after KYB_SANDBOX_DELAY_MS.
 */
const suite = useBrowser();

const COMPANY = "Brightline Media";
const OWNER = "priya@demo.verified.local";
const DIRECTOR = { email: "daniel@demo.verified.local", name: "Daniel Okafor" };
const UNVERIFIED = { email: "tomas@demo.verified.local", name: "Tomás Alvarez" };
const MISTAKEN = { email: "anna@demo.verified.local" };
const REGISTRATION = "08120001";

/** A one-page PDF: the API checks the bytes, not the name. */
const certificate = {
  name: "certificate-of-incorporation.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from(
    "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  ),
};

async function expectHeading(page: Page, title: string, timeout = 5000): Promise<void> {
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout }).toBe(title);
}

async function expectStepHeading(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.getByRole("heading", { level: 2, name: title }).isVisible()).toBe(true);
}

/** Axe, no sideways scroll, and screenshots at 360 and 1280 of the screen as it stands. */
async function lookAt(page: Page, name: string, width: number): Promise<void> {
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page, width);
  await screenshotWidths(page, name);
}

async function inviteCookies(context: BrowserContext): Promise<Record<string, string>> {
  const names: string[] = [KYB_INVITE_COOKIES.slug, KYB_INVITE_COOKIES.status];
  return Object.fromEntries(
    (await context.cookies()).filter((cookie) => names.includes(cookie.name)).map((c) => [c.name, c.value]),
  );
}

/** A link of the newest director mail to `address`: "Confirm I am a director" or "This is a mistake". */
async function readInviteLink(address: string, answer: "accept" | "reject", since: number): Promise<string> {
  const pattern = new RegExp(
    `https?://[^\\s"<>]+/companies/kyb-invite\\?company=brightline&(?:amp;)?status=${answer}`,
  );
  const mail = await waitForMail(address, (item) => pattern.test(item.text), { since });
  const link = pattern.exec(mail.text)?.[0];
  if (!link) throw new Error("No director invitation link");
  return link.replace(/&amp;/g, "&");
}

/**
 * Opens a mailed link as a visitor: the answer is kept in the cookies while /login is shown, and
 * the invitation page is back once signed in. Answers the director's page (its context is theirs
 * to close).
 */
async function openLinkSignedOut(
  link: string,
  email: string,
  width: number,
  password = DEMO_PASSWORD,
): Promise<{ context: BrowserContext; page: Page; path: string }> {
  const { context, page } = await suite.open(width);
  const { pathname, search, searchParams } = new URL(link);
  await page.goto(`${pathname}${search}`);
  await page.waitForURL((url) => url.pathname === "/login");
  expect(await inviteCookies(context)).toEqual({
    [KYB_INVITE_COOKIES.slug]: "brightline",
    [KYB_INVITE_COOKIES.status]: searchParams.get("status"),
  });
  await signInWithForm(page, email, password);
  await page.waitForURL((url) => url.pathname === pathname);
  return { context, page, path: `${pathname}${search}` };
}

/** Acts as the company, from the account menu. */
async function switchTo(page: Page, name: string): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole("menuitem", { name: new RegExp(`^${name}`) }).click();
  await expectSnackbar(page, format(messages.switchedTo, { name }));
}

async function inviteDirector(page: Page, email: string, name?: string): Promise<void> {
  await page.getByLabel(messages.kybDirectorEmailLabel).fill(email);
  await page.getByLabel(messages.kybDirectorNameLabel).fill(name ?? "");
  await page.getByRole("button", { name: messages.kybDirectorInvite }).click();
  await expectSnackbar(page, format(messages.kybDirectorInvited, { email }));
}

describe("company verification (KYB)", () => {
  it("owner fills details, uploads, invites a director who confirms by the mail link; submit → verified → badge", {
    timeout: 240_000,
  }, async () => {
    const width = 1280;
    const { context, page } = await suite.open(width);
    await signInAt(page, OWNER, DEMO_PASSWORD, "/priya.shah");

    // Acting as herself: the hand-over lists her companies; "Verify" switches to one in place.
    await page.goto("/verification/company");
    const verify = page.getByRole("button", { name: format(messages.kybHandOverVerify, { name: COMPANY }) });
    await expect.poll(() => verify.isVisible()).toBe(true);
    await lookAt(page, "kyb-handover", width);
    await verify.click();
    await expectSnackbar(page, format(messages.switchedTo, { name: COMPANY }));
    await expectHeading(page, format(messages.kybStartTitle, { company: COMPANY }));
    expect(new URL(page.url()).pathname).toBe("/verification/company");
    await lookAt(page, "kyb-start", width);
    await page.getByRole("button", { name: messages.verificationStart }).click();

    // Company details: required fields first, then a country the product does not cover.
    await expectStepHeading(page, messages.kybStepDetails);
    await page.getByRole("button", { name: messages.saveAndContinue }).click();
    await expect.poll(() => page.getByText(messages.fieldRequired).count()).toBe(5);
    await page.getByLabel(messages.kybLegalNameLabel).fill("Brightline Media Ltd");
    await page.getByLabel(messages.kybRegistrationNumberLabel).fill(REGISTRATION);
    await page.getByLabel(messages.kybCountryLabel).selectOption("IR");
    await page.getByLabel(messages.kybAddressLabel).fill("12 Fleet Street, London EC4Y 1AA");
    await page.getByLabel(messages.kybIncorporationDateLabel).fill("2016-04-12");
    await page.getByRole("button", { name: messages.saveAndContinue }).click();
    await expect.poll(() => page.getByText(messages.businessNotAvailableInCountry).isVisible()).toBe(true);
    await page.getByLabel(messages.kybCountryLabel).selectOption("GB");
    await lookAt(page, "kyb-details", width);
    await page.getByRole("button", { name: messages.saveAndContinue }).click();
    await expectSnackbar(page, messages.kybDetailsSaved);

    // Documents: a PDF with its progress, listed, openable.
    await expectStepHeading(page, messages.kybStepDocuments);
    await expect.poll(() => page.getByText(messages.documentsEmpty).isVisible()).toBe(true);
    await page.getByLabel(messages.documentsAdd).setInputFiles(certificate);
    const opens = page.getByRole("link", {
      name: format(messages.companyVerificationOpen, { name: certificate.name }),
    });
    await expect.poll(() => opens.isVisible(), { timeout: 20_000 }).toBe(true);
    await lookAt(page, "kyb-documents", width);
    await page.getByRole("button", { name: messages.createProfileContinue }).click();

    // Directors: Daniel (verified), Tomás (not verified yet) and Anna by email; the same email
    // twice is the API's refusal under the field.
    await expectStepHeading(page, messages.kybStepDirectors);
    // A director who has an account but is not verified yet: they verify on the way (issue 14).
    const robin = await createMember("kyb-director", "Robin Meyer");
    const since = Date.now();
    await inviteDirector(page, DIRECTOR.email, DIRECTOR.name);
    await inviteDirector(page, robin.email, robin.name);
    await inviteDirector(page, UNVERIFIED.email, UNVERIFIED.name);
    await inviteDirector(page, MISTAKEN.email);
    const directors = page.getByRole("region", { name: messages.kybDirectorsHeading });
    const rowOf = (text: string) => directors.getByRole("listitem").filter({ hasText: text });
    await expect
      .poll(() => rowOf(DIRECTOR.name).getByText(messages.kybDirectorPending).isVisible())
      .toBe(true);
    await page.getByLabel(messages.kybDirectorEmailLabel).fill(DIRECTOR.email);
    await page.getByRole("button", { name: messages.kybDirectorInvite }).click();
    await expect
      .poll(() => page.getByText(errorMessage("kybTransaction_directorInviteAlreadyExists")).isVisible())
      .toBe(true);
    await page.getByLabel(messages.kybDirectorEmailLabel).fill("");
    await lookAt(page, "kyb-directors", width);

    // Daniel opens "Confirm I am a director" signed out; the cookies carry it through sign-in.
    const daniel = await openLinkSignedOut(
      await readInviteLink(DIRECTOR.email, "accept", since),
      DIRECTOR.email,
      360,
    );
    await expect
      .poll(() =>
        daniel.page.getByText(format(messages.kybOfficerAccepted, { company: COMPANY })).isVisible(),
      )
      .toBe(true);
    // Answered: both cookies are gone.
    expect(await inviteCookies(daniel.context)).toEqual({});
    await lookAt(daniel.page, "kyb-director-confirmed", 360);
    // The same link again is §8's 409, worded by the server; the cookies go on errors too.
    await daniel.page.goto(daniel.path);
    await expect.poll(() => daniel.page.getByText(messages.invitationUnavailable).isVisible()).toBe(true);
    expect(await inviteCookies(daniel.context)).toEqual({});
    await daniel.context.close();

    // Tomás is not verified: he is told to verify first, with the way there.
    const tomas = await openLinkSignedOut(
      await readInviteLink(UNVERIFIED.email, "accept", since),
      UNVERIFIED.email,
      1280,
    );
    await expect.poll(() => tomas.page.getByText(messages.kybDirectorVerifyFirst).isVisible()).toBe(true);
    expect(await tomas.page.getByRole("link", { name: messages.verifyNow }).getAttribute("href")).toBe(
      "/verification",
    );
    expect(await inviteCookies(tomas.context)).toEqual({});
    await lookAt(tomas.page, "kyb-director-verify-first", 1280);
    await tomas.context.close();

    // Robin signs in from the link, is told to verify first, verifies (the identity sandbox; its
    // screens are walked in verification.test.ts), opens the link again and confirms.
    const robinLink = await readInviteLink(robin.email, "accept", since);
    const robinTab = await openLinkSignedOut(robinLink, robin.email, 360, robin.password);
    await expect.poll(() => robinTab.page.getByText(messages.kybDirectorVerifyFirst).isVisible()).toBe(true);
    await verifyIdentity(robin);
    await robinTab.page.goto(robinTab.path);
    await expect
      .poll(() =>
        robinTab.page.getByText(format(messages.kybOfficerAccepted, { company: COMPANY })).isVisible(),
      )
      .toBe(true);
    await robinTab.context.close();

    // Anna says it is a mistake: the reason is required, then sent.
    const anna = await openLinkSignedOut(
      await readInviteLink(MISTAKEN.email, "reject", since),
      MISTAKEN.email,
      360,
    );
    await expect
      .poll(() =>
        anna.page.getByText(format(messages.kybOfficerInviteFrom, { company: COMPANY })).isVisible(),
      )
      .toBe(true);
    expect(await inviteCookies(anna.context)).toEqual({});
    await anna.page.getByRole("button", { name: messages.teamRejectSend }).click();
    await expect.poll(() => anna.page.getByText(messages.teamRejectReasonRequired).isVisible()).toBe(true);
    await anna.page.getByLabel(messages.teamRejectReasonLabel).fill("I have never worked for Brightline.");
    await lookAt(anna.page, "kyb-director-reject", 360);
    await anna.page.getByRole("button", { name: messages.teamRejectSend }).click();
    await expect
      .poll(() => anna.page.getByText(format(messages.kybInviteRejected, { company: COMPANY })).isVisible())
      .toBe(true);
    await anna.context.close();

    // Priya's list follows live: Daniel confirmed as a verified person, Anna declined with her reason.
    await expect
      .poll(() => rowOf(DIRECTOR.name).getByText(messages.kybDirectorVerified).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect
      .poll(() => rowOf(robin.name).getByText(messages.kybDirectorVerified).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect
      .poll(() => rowOf(MISTAKEN.email).getByText(messages.kybDirectorRejected).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await rowOf(MISTAKEN.email).textContent()).toContain("I have never worked for Brightline.");
    // Tomás's open invitation must be answered or cancelled before submitting.
    await page.getByRole("button", { name: messages.createProfileContinue }).click();
    await expectStepHeading(page, messages.kybStepReview);
    await page.getByRole("button", { name: messages.kybSubmit }).click();
    await expect.poll(() => page.getByText(messages.kybDirectorsPending).isVisible()).toBe(true);
    await page
      .getByRole("button", { name: format(messages.kybEditStep, { step: messages.kybStepDirectors }) })
      .click();
    await expectStepHeading(page, messages.kybStepDirectors);
    await page
      .getByRole("button", { name: format(messages.kybDirectorCancelFor, { name: UNVERIFIED.name }) })
      .click();
    await expectSnackbar(page, messages.teamInviteCancelled);
    await expect
      .poll(() => rowOf(UNVERIFIED.name).getByText(messages.kybDirectorCancelledBadge).isVisible())
      .toBe(true);
    await lookAt(page, "kyb-directors-answered", width);
    await page.getByRole("button", { name: messages.createProfileContinue }).click();

    // Review: the checklist is complete; submit, the registry checks, then verified.
    await expectStepHeading(page, messages.kybStepReview);
    const checklist = page.getByRole("region", { name: messages.kybChecklistHeading });
    await expect.poll(() => checklist.getByText(`(${messages.kybChecklistDone})`).count()).toBe(3);
    await lookAt(page, "kyb-review", width);
    await page.getByRole("button", { name: messages.kybSubmit }).click();
    await expectHeading(page, messages.kybPendingTitle);
    await screenshotWidths(page, "kyb-pending");
    await expectHeading(page, format(messages.kybVerifiedTitle, { company: COMPANY }), 20_000);
    const facts = page.getByRole("list", { name: messages.businessBadgeLabel });
    await expect
      .poll(() => facts.getByText(format(messages.businessBadgeDirectors, { count: 2 })).isVisible())
      .toBe(true);
    await lookAt(page, "kyb-verified", width);

    // The company's page shows the badge's facts beside its name, to anyone.
    await page.getByRole("link", { name: messages.billingCompanyVerify }).click();
    await page.waitForURL((url) => url.pathname === "/brightline");
    const badge = page.getByRole("list", { name: messages.businessBadgeLabel });
    await expect
      .poll(() => badge.getByText(`Reg. no. ${REGISTRATION} · United Kingdom`).isVisible())
      .toBe(true);
    await expect
      .poll(() => badge.getByText(format(messages.businessBadgeDirectors, { count: 2 })).isVisible())
      .toBe(true);
    await lookAt(page, "kyb-company-badge", width);

    // Company results in search carry the same facts.
    await page.goto("/search?search=Brightline");
    const results = page.getByRole("region", { name: messages.searchKindCompanies });
    await expect
      .poll(() => results.getByRole("list", { name: messages.businessBadgeLabel }).first().isVisible())
      .toBe(true);
    await screenshotWidths(page, "kyb-search-badge");
    await context.close();

    const visitor = await suite.open(360);
    await visitor.page.goto("/brightline");
    const seen = visitor.page.getByRole("list", { name: messages.businessBadgeLabel });
    await expect
      .poll(() => seen.getByText(format(messages.businessBadgeDirectors, { count: 2 })).isVisible())
      .toBe(true);
    await visitor.context.close();
  });

  it("a verified company shows the facts of its KYB; one under manual review says so", async () => {
    const width = 1280;
    const anna = await suite.open(width);
    await signInAt(anna.page, "anna@demo.verified.local", DEMO_PASSWORD, "/anna.kowalski");
    await switchTo(anna.page, "Northwind Analytics");
    await anna.page.goto("/verification/company");
    await expectHeading(anna.page, format(messages.kybVerifiedTitle, { company: "Northwind Analytics" }));
    const facts = anna.page.getByRole("list", { name: messages.businessBadgeLabel });
    await expect.poll(() => facts.getByText("Reg. no. KRS 0000731001 · Poland").isVisible()).toBe(true);
    await expect
      .poll(() => facts.getByText(format(messages.businessBadgeDirectors, { count: 2 })).isVisible())
      .toBe(true);
    await lookAt(anna.page, "kyb-verified-seeded", width);
    await anna.context.close();

    const marcus = await suite.open(width);
    await signInAt(marcus.page, "marcus@demo.verified.local", DEMO_PASSWORD, "/marcus.reed");
    await switchTo(marcus.page, "Helio Energy");
    await marcus.page.goto("/verification/company");
    await expectHeading(marcus.page, messages.kybManualReviewTitle);
    await expect
      .poll(() =>
        marcus.page.getByText(format(messages.kybManualReviewText, { company: "Helio Energy" })).isVisible(),
      )
      .toBe(true);
    await lookAt(marcus.page, "kyb-manual-review", width);
    await marcus.context.close();
  });
});
