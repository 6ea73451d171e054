import { format, messages } from "@vn/contract";
import { describe, expect, it } from "vitest";
import { expectNoSidewaysScroll, expectSnackbar } from "../support/accounts";
import { expectNoAxeViolations, screenshotWidths } from "../support/browser";
import { waitForMail } from "../support/mail";
import { signInStaff } from "../support/staff";
import { useBrowser } from "../support/suite";

/**
 * Issue 16, "done means": a visitor sends the ad consultation form from /advertise (the offer:
 * 500 USD of ad credit with a 3,000 USD minimum spend), the sales address gets the mail, and
 * staff see the lead in /admin/leads and move it on; the dashboard draws its charts.
 */

const browser = useBrowser();
/** The sales address of the API's default config (SALES_EMAIL). */
const SALES = "sales@verified.local";

describe("the ad consultation and the leads", () => {
  const company = `Nimbus Ads ${Date.now().toString(36)}`;

  it("a visitor sees the offer, is told what is wrong, and sends the form", async () => {
    const { context, page } = await browser.open(360);
    await page.goto("/advertise");
    await page.getByRole("heading", { level: 1, name: messages.adOfferTitle }).waitFor();
    expect(await page.getByText(format(messages.adOfferHeadline, { credit: "$500" })).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, 360);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "advertise");

    const form = page.getByRole("form", { name: messages.adConsultationTitle });
    await form.getByRole("button", { name: messages.adConsultationSubmit }).click();
    // Every required field says so (the country asks to be chosen); the objectives are optional.
    await expect.poll(() => form.getByText(messages.fieldRequired).count()).toBe(7);
    expect(await form.getByText(messages.invalidCountry).isVisible()).toBe(true);

    await form.getByLabel(messages.adCompanyLabel).fill(company);
    await form.getByLabel(messages.websiteLabel).fill("nimbus-ads.example.com");
    await form.getByLabel(messages.adFirstNameLabel).fill("Nora");
    await form.getByLabel(messages.adLastNameLabel).fill("Nimbus");
    await form.getByLabel(messages.adEmailLabel).fill("nora@nimbus-ads.example.com");
    await form.getByLabel(messages.adPhoneLabel).fill("+44 20");
    await form.getByLabel(messages.countryLabel).selectOption("GB");
    await form.getByLabel(messages.adMonthlySpendLabel).selectOption("3k_10k");
    await form.getByLabel(messages.adObjectivesLabel).fill("Reach finance directors in the UK.");
    await form.getByRole("button", { name: messages.adConsultationSubmit }).click();
    await expect.poll(() => form.getByText(messages.phoneTooShort).isVisible()).toBe(true);
    await form.getByLabel(messages.adPhoneLabel).fill("+44 20 7946 0958");
    await expectNoAxeViolations(page);

    const since = Date.now();
    await form.getByRole("button", { name: messages.adConsultationSubmit }).click();
    const sent = page.getByRole("status").filter({ hasText: messages.adConsultationSent });
    await expect.poll(() => sent.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "advertise-sent");

    const mail = await waitForMail(SALES, (m) => m.subject.includes(company), { since });
    expect(mail.subject).toBe(
      format(messages.mailLeadSubject, { kind: messages.leadKindAdConsultation, company }),
    );
    await context.close();
  });

  it("staff see the lead in /admin/leads and move it on", async () => {
    const { context, page } = await browser.open(1280);
    await signInStaff(page, "moderator");
    await page.goto("/admin/leads");
    await page.getByRole("heading", { level: 1, name: messages.adminLeadsTitle }).waitFor();
    const lead = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: company }) });
    await lead.waitFor();
    expect(await lead.getByText("Nora Nimbus").isVisible()).toBe(true);
    expect(await lead.getByText(messages.leadKindAdConsultationLabel).isVisible()).toBe(true);
    expect(await lead.getByText(messages.adSpend3kTo10k).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // Only ad consultations, only new ones: still there.
    await page.getByLabel(messages.leadKindFilter, { exact: true }).selectOption("ad_consultation");
    await page.getByLabel(messages.leadStatusFilter, { exact: true }).selectOption("new");
    await lead.waitFor();

    await lead.getByLabel(format(messages.leadStatusLabel, { company })).selectOption("contacted");
    await lead.getByLabel(messages.leadNoteLabel).fill("Called Nora; proposal on Monday.");
    await lead.getByRole("button", { name: `${messages.leadSave}: ${company}` }).click();
    await expectSnackbar(page, messages.leadSaved);
    // No longer new: the "new" filter lets it go; "contacted" shows it with the note.
    await expect.poll(() => page.getByRole("heading", { name: company }).count()).toBe(0);
    await page.getByLabel(messages.leadStatusFilter, { exact: true }).selectOption("contacted");
    await expect
      .poll(() =>
        page
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { name: company }) })
          .count(),
      )
      .toBe(1);
    await screenshotWidths(page, "admin-leads");

    // The dashboard draws its charts (uPlot's canvases) from a chunk of its own.
    await page.goto("/admin");
    await page.getByRole("heading", { level: 1, name: messages.adminDashboardTitle }).waitFor();
    await page.getByRole("heading", { name: messages.chartSignUps }).waitFor();
    await expect.poll(() => page.locator("canvas").count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "admin-dashboard");
    await context.close();
  });

  it("a visitor sends the enterprise enquiry from /companies; a phone without + is refused", async () => {
    const { context, page } = await browser.open(360);
    await page.goto("/companies#enterprise");
    await page.getByRole("button", { name: messages.enterpriseEnquiryAction }).click();
    const dialog = page.getByRole("dialog", { name: messages.enterpriseEnquiryTitle });
    await dialog.waitFor();
    await dialog.getByLabel(messages.enquiryFullNameLabel).fill("Olga Orbit");
    await dialog.getByLabel(messages.companyNameLabel).fill(`Orbit ${company}`);
    await dialog.getByLabel(messages.enquiryWorkEmailLabel).fill("olga@orbit.example.com");
    await dialog.getByLabel(messages.websiteLabel).fill("orbit.example.com");
    await dialog.getByLabel(messages.countryLabel).selectOption("PL");
    await dialog.getByLabel(messages.enquiryPhoneLabel).fill("48 601 234 567");
    await dialog.getByLabel(messages.enquiryTextLabel).fill("About 800 people; we need invoicing and SSO.");
    await dialog.getByRole("button", { name: messages.enterpriseEnquirySubmit }).click();
    await expect.poll(() => dialog.getByText(messages.phoneMustStartWithPlus).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await dialog.getByLabel(messages.enquiryPhoneLabel).fill("+48 601 234 567");
    const since = Date.now();
    await dialog.getByRole("button", { name: messages.enterpriseEnquirySubmit }).click();
    await expect.poll(() => dialog.getByText(messages.enterpriseEnquirySent).isVisible()).toBe(true);
    await waitForMail(SALES, (m) => m.subject.includes(`Orbit ${company}`), { since });
    await context.close();
  });

  it("non-staff do not find the back-office", async () => {
    const { context, page } = await browser.open(1280);
    const response = await page.goto("/admin/leads");
    // The back-office's layout answers 404 to visitors and members.
    expect(await page.getByRole("heading", { name: company }).count()).toBe(0);
    expect(response?.status()).toBe(404);
    await context.close();
  });
});
