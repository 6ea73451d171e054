import { format, messages } from "@vn/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  apiCall,
  createMember,
  DEMO_PASSWORD,
  expectNoSidewaysScroll,
  expectSnackbar,
  type Member,
  openAccountMenu,
} from "../support/accounts";
import { expectNoAxeViolations, screenshotWidths } from "../support/browser";
import { useBrowser } from "../support/suite";
import {
  billingState,
  cardButton,
  changePlan,
  expectNotice,
  fillCard,
  openBilling,
  paidStandardMember,
  signInToBilling,
  verify,
} from "./billing-fixtures";

/**
 * Billing (issue 13) items 6–7 in the browser, against the sandbox vendor: extra seats bought by a
 * company, the spy add-on and the profile badge bought on Premium, and the trial a person chose
 * before verification offered (and started) once they are verified.
 */
const suite = useBrowser();

async function switchTo(page: Page, name: string): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole("menuitem", { name: new RegExp(`^${name}`) }).click();
  await expectSnackbar(page, format(messages.switchedTo, { name }));
}

/**
 * Northwind Analytics (verified and on Premium after the seed) moved to Standard: extra seats are
 * for plans that limit the team. The downgrade waits for the period's end, so the sandbox clock
 * moves past it, as Stripe's test clocks do.
 */
async function northwindOnStandard(): Promise<void> {
  const anna = await apiCall<{ token: string }>("/auth/sign-in/email", {
    body: { email: "anna@demo.verified.local", password: DEMO_PASSWORD },
  });
  const token = anna.body.token;
  const companies = await apiCall<{ data: { id: string; name: string }[] }>("/v1/users/me/companies", {
    token,
  });
  const northwind = companies.body.data.find((company) => company.name === "Northwind Analytics");
  expect(northwind).toBeDefined();
  const switched = await apiCall("/v1/users/switch-account", {
    token,
    body: { type: { id: "company" }, id: northwind?.id },
  });
  expect(switched.status).toBe(200);
  const owner = { token } as Member;
  const plan = async () => ((await billingState(owner)).current as { plan: { slug: string } }).plan.slug;
  if ((await plan()) === "standard") return;
  await changePlan(owner, "standard", false);
  const advanced = await apiCall("/v1/payments-sandbox/clock/advance", {
    body: { seconds: 32 * 24 * 60 * 60 },
  });
  expect(advanced.status).toBe(200);
  await expect.poll(plan, { timeout: 20_000, interval: 500 }).toBe("standard");
}

/** The dialog's Confirm, once the dialog shows what it will do. */
async function confirmDialog(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("addon-summary").waitFor();
  await dialog.getByRole("button", { name: messages.checkoutConfirm }).click();
  // Done when the dialog closes; a refusal shows in it, and is what the test reports.
  await expect
    .poll(
      async () =>
        (await dialog.count()) === 0
          ? "closed"
          : ((await dialog
              .getByRole("alert")
              .first()
              .textContent({ timeout: 500 })
              .catch(() => null)) ?? "open"),
      { timeout: 20_000 },
    )
    .toBe("closed");
}

describe("billing: add-ons, the badge, the desired trial", () => {
  it("a company adds 3 seats and sees them charged in the billing history", {
    timeout: 180_000,
  }, async () => {
    // Northwind Analytics is verified and on a paid plan after the seed (a 4242 card on file).
    await northwindOnStandard();
    const page = await suite.signedIn("anna@demo.verified.local");
    await switchTo(page, "Northwind Analytics");
    await page.goto("/settings/billing");
    await page.getByTestId("current-plan").waitFor();
    const seats = page.getByTestId("addon-seats");
    await seats.waitFor();
    await expect
      .poll(() => seats.textContent())
      .toContain(format(messages.billingAddonSeatsText, { count: 10 }));

    // The stepper starts at one seat; two more make three.
    await seats.getByRole("button", { name: messages.billingSeatsMore }).click();
    await seats.getByRole("button", { name: messages.billingSeatsMore }).click();
    await expect.poll(() => seats.getByLabel(messages.billingSeatsLabel).inputValue()).toBe("3");
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "billing-addons-company");

    await seats
      .getByRole("button", { name: `${messages.planActionUpgradeAddon}: ${messages.addonSeats}` })
      .click();
    const dialog = page.getByRole("dialog", {
      name: format(messages.billingAddonAddTitle, { addon: messages.addonSeats }),
    });
    await expect
      .poll(() => dialog.textContent())
      .toMatch(/Charged now for the rest of this period: about \$\d+\.\d\d\./);
    await expect.poll(() => dialog.textContent()).toContain("Then $15.00 / month with your plan.");
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "billing-addons-seats-confirm");
    await confirmDialog(page);

    await expectNotice(page, messages.outcomeAddonActivated);
    await expect
      .poll(() => seats.getByRole("heading").textContent())
      .toBe(format(messages.billingAddonSeats, { count: 3 }));
    // Charged now, prorated: the history's newest line is the three seats.
    await expect.poll(() => page.getByTestId("billing-history").textContent()).toMatch(/3 × [^$]*seat/i);
    // The same quantity again is what is held: nothing to buy.
    await expect
      .poll(() =>
        seats
          .getByRole("button", { name: `${messages.planActionSelected}: ${messages.addonSeats}` })
          .isDisabled(),
      )
      .toBe(true);

    // Fewer seats wait for the period's end; the three paid for stay until then.
    await seats.getByRole("button", { name: messages.billingSeatsFewer }).click();
    await seats
      .getByRole("button", { name: `${messages.planActionDowngradeAddon}: ${messages.addonSeats}` })
      .click();
    await page.getByRole("dialog", { name: format(messages.billingSeatsTitle, { count: 2 }) }).waitFor();
    await confirmDialog(page);
    await expectNotice(page, /^From \w{3} \d{1,2}, \d{4} you have 2 extra seats\.$/);
    await expect.poll(() => seats.textContent()).toMatch(/2 from \w{3} \d{1,2}, \d{4}/);
    await expect
      .poll(() => seats.getByRole("heading").textContent())
      .toBe(format(messages.billingAddonSeats, { count: 3 }));
    await expectNoSidewaysScroll(page, 1280);
    await page.context().close();
  });

  it("a person on Premium buys spy, opens who viewed them, and buys the badge that shows on their profile", {
    timeout: 240_000,
  }, async () => {
    const member = await paidStandardMember("spy");
    await changePlan(member, "premium", false);
    const page = await openBilling(suite, member, 360);
    const spy = page.getByTestId("addon-spy");
    await expect.poll(() => spy.textContent()).toContain(messages.billingAddonSpyText);
    await expect
      .poll(() => page.getByTestId("addon-stealth").textContent())
      .toContain(messages.billingAddonStealthText);
    // A person has no team: no seats.
    expect(await page.getByTestId("addon-seats").count()).toBe(0);

    await spy
      .getByRole("button", { name: `${messages.planActionUpgradeAddon}: ${messages.addonSpy}` })
      .click();
    await expect
      .poll(() => page.getByRole("dialog").textContent())
      .toContain("Then $4.99 / month with your plan.");
    await confirmDialog(page);
    await expectNotice(page, messages.outcomeAddonActivated);
    await expect.poll(() => spy.textContent()).toContain(messages.billingAddonActive);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "billing-addons-spy");

    // Removing it keeps it until the period's end, and Keep undoes the removal.
    await spy
      .getByRole("button", { name: `${messages.planActionDowngradeAddon}: ${messages.addonSpy}` })
      .click();
    await expect
      .poll(() => page.getByRole("dialog").textContent())
      .toMatch(/Spy stays on until \w{3} \d{1,2}, \d{4}\./);
    await confirmDialog(page);
    await expectNotice(page, /^Spy ends on \w{3} \d{1,2}, \d{4}\. It works until then\.$/);
    await spy.getByRole("button", { name: `${messages.billingAddonKeep}: ${messages.addonSpy}` }).click();
    await confirmDialog(page);
    await expectNotice(page, format(messages.billingAddonKept, { addon: messages.addonSpy }));
    expect((await billingState(member)).billing.addons).toEqual([
      { type: "spy", quantity: 1, cancelAtPeriodEnd: false, nextQuantity: null },
    ]);

    await spy.getByRole("link", { name: messages.billingViewersLink }).click();
    await page.waitForURL((url) => url.pathname === "/settings/viewers");
    await page.getByRole("heading", { level: 1, name: messages.viewersTitle }).waitFor();
    // With spy, the list (or its empty state) instead of the offer to buy it.
    await expect.poll(() => page.getByText(messages.viewersSpyAction).count()).toBe(0);

    // The badge: offered on Premium; the offer can be dismissed, the badge bought all the same.
    await page.goto("/settings/billing");
    const badge = page.getByTestId("badge-section");
    await badge.getByTestId("badge-offer").waitFor();
    await badge.getByRole("button", { name: messages.dismiss }).click();
    await expect.poll(() => badge.getByTestId("badge-offer").count()).toBe(0);
    await badge
      .getByRole("button", { name: `${messages.planActionUpgradeAddon}: ${messages.billingBadgeTitle}` })
      .click();
    await confirmDialog(page);
    await expectNotice(page, messages.outcomeBadgeActivated);
    const visible = badge.getByRole("switch", { name: messages.billingBadgeShow });
    await expect.poll(() => visible.isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "billing-addons-badge");

    const slug = member.slug;
    await page.goto(`/${slug}`);
    const star = page.locator("main").getByRole("img", { name: messages.badgePremium });
    await expect.poll(() => star.count()).toBeGreaterThan(0);

    // Hidden from the profile with the switch.
    await page.goto("/settings/billing");
    await visible.click();
    await expect.poll(() => visible.isChecked()).toBe(false);
    await expect
      .poll(async () => (await billingState(member)).billing.badge)
      .toMatchObject({ visible: false });
    await page.goto(`/${slug}`);
    await page.locator("#profile-name").waitFor();
    await expect.poll(() => star.count()).toBe(0);
    await page.context().close();
  });

  it("a trial chosen before verification is offered once verified, and starts", {
    timeout: 240_000,
  }, async () => {
    const member = await createMember("desired");
    const page = await signInToBilling(suite, member);
    await page.getByText(messages.billingNeedsVerification).waitFor();
    await cardButton(page, messages.planActionPendingVerification, messages.planPremium).click();
    await page.getByRole("dialog", { name: messages.accessRestrictedTitle }).waitFor();
    // The wish is kept while the popup asks to verify.
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ data: { plan: string } | null }>(
              "/v1/dashboard/payments/subscriptions/desired-trial",
              {
                token: member.token,
              },
            )
          ).body.data?.plan,
      )
      .toBe("premium");
    await page.keyboard.press("Escape");

    await verify(member);
    await page.reload();
    const offer = page.getByTestId("desired-trial");
    await offer.waitFor();
    await expect
      .poll(() => offer.getByRole("heading").textContent())
      .toBe(format(messages.desiredTrialTitle, { plan: messages.planPremium }));
    await expect.poll(() => offer.textContent()).toContain("Free for 14 days, then $19.99 / month.");
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "billing-desired-trial");

    await offer.getByRole("button", { name: messages.planActionFreeTrial }).click();
    const dialog = page.getByRole("dialog", {
      name: format(messages.checkoutTrialTitle, { plan: messages.planPremium }),
    });
    await dialog.getByText(messages.checkoutNeedsCard).waitFor();
    await fillCard(page, "4242 4242 4242 4242");
    await dialog.getByTestId("checkout-summary").waitFor();
    await dialog.getByRole("button", { name: messages.checkoutConfirm }).click();
    await expectNotice(
      page,
      format(messages.outcomeDesiredSubscriptionActivated, { plan: messages.planPremium }),
    );
    await expect.poll(() => page.getByTestId("current-plan").textContent()).toContain(messages.planPremium);
    await expect.poll(() => page.getByTestId("desired-trial").count()).toBe(0);
    await page.context().close();
  });
});
