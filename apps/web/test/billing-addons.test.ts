import {
  type BillingState,
  catalogueVersion,
  type PlanCardContext,
  type PlansDictionary,
  planCatalogue,
} from "@vn/contract";
import { describe, expect, it } from "vitest";
import {
  addonCall,
  addonLabel,
  addonOffers,
  chargedNow,
  clampSeats,
  includedMembers,
  periodPrice,
  proratedEstimate,
} from "../src/features/billing/addon-rules";
import { holdingOf, viewerOf } from "../src/features/billing/billing-rules";
import { billingStateFixture } from "./support/billing-state";

/** The real catalogue, as GET …/dictionaries/payments/plans answers it. */
const dictionary: PlansDictionary = {
  ...planCatalogue(),
  version: catalogueVersion(),
  unchanged: false,
  trialDays: 14,
};

function stateOf(
  owner: "user" | "company",
  tier: BillingState["current"]["plan"]["slug"],
  overrides: Partial<BillingState["billing"]> = {},
): BillingState {
  return billingStateFixture({
    owner,
    tier,
    billing: { currentPeriodEnd: "2026-03-31T00:00:00.000Z", ...overrides },
  });
}

function contextOf(state: BillingState, owner: "user" | "company"): PlanCardContext {
  return { mode: "billing", viewer: viewerOf(state, owner, true), holding: holdingOf(state) };
}

describe("the add-ons offered", () => {
  it("are spy and stealth for a person, and seats too for a company, priced per period", () => {
    const person = addonOffers(stateOf("user", "premium"), dictionary, "user");
    expect(person.map((offer) => offer.type)).toEqual(["spy", "stealth"]);
    expect(person[0]).toMatchObject({ periodCents: 499, perUnit: false, held: 0, ending: false });

    const company = stateOf("company", "standard", {
      period: "annual",
      addons: [{ type: "seats", quantity: 3, cancelAtPeriodEnd: true, nextQuantity: null }],
    });
    const seats = addonOffers(company, dictionary, "company").find((offer) => offer.type === "seats");
    // On an annual plan add-ons are billed with it: 12 months of $5.00 a seat.
    expect(seats).toEqual({
      type: "seats",
      periodCents: 6000,
      perUnit: true,
      held: 3,
      ending: true,
      next: null,
    });
    expect(periodPrice(499, "monthly")).toBe(499);
    // A company's Premium has no team limit: no extra seats to buy.
    const unlimited = addonOffers(stateOf("company", "premium"), dictionary, "company");
    expect(unlimited.map((offer) => offer.type)).toEqual(["spy", "stealth"]);
  });

  it("know how many team members a company plan includes before extra seats", () => {
    expect(includedMembers(dictionary, stateOf("company", "standard"))).toBe(10);
    // A company's Premium is the top level: unlimited members (the dictionary says null).
    expect(includedMembers(dictionary, stateOf("company", "premium"))).toBeNull();
  });
});

describe("an add-on's button", () => {
  it("is labelled by planActionLabel: Add to buy, Remove to drop, Selected for what is held", () => {
    const state = stateOf("company", "standard", {
      addons: [
        { type: "spy", quantity: 1, cancelAtPeriodEnd: false, nextQuantity: null },
        { type: "seats", quantity: 3, cancelAtPeriodEnd: false, nextQuantity: null },
      ],
    });
    const context = contextOf(state, "company");
    expect(addonLabel("stealth", 1, context)).toBe("upgradeAddon");
    expect(addonLabel("spy", 0, context)).toBe("downgradeAddon");
    expect(addonLabel("seats", 5, context)).toBe("upgradeAddon");
    expect(addonLabel("seats", 2, context)).toBe("downgradeAddon");
    expect(addonLabel("seats", 3, context)).toBe("selected");
  });

  it("makes the call that takes the add-on from what is held to what is wanted", () => {
    expect(addonCall({ held: 0, ending: false }, 1)).toBe("add");
    expect(addonCall({ held: 0, ending: false }, 0)).toBeNull();
    expect(addonCall({ held: 1, ending: false }, 0)).toBe("remove");
    expect(addonCall({ held: 3, ending: false }, 5)).toBe("update");
    expect(addonCall({ held: 3, ending: false }, 2)).toBe("update");
    expect(addonCall({ held: 3, ending: false }, 3)).toBeNull();
    // Set to end with the period: keeping it renews it; removing it again does nothing more.
    expect(addonCall({ held: 1, ending: true }, 1)).toBe("renew");
    expect(addonCall({ held: 1, ending: true }, 0)).toBeNull();
  });

  it("charges now only a purchase or more seats; the rest wait for the period's end", () => {
    expect(chargedNow("add", 0, 1)).toBe(true);
    expect(chargedNow("update", 3, 5)).toBe(true);
    expect(chargedNow("update", 3, 2)).toBe(false);
    expect(chargedNow("remove", 1, 0)).toBe(false);
    expect(chargedNow("renew", 1, 1)).toBe(false);
  });
});

describe("the prorated estimate", () => {
  const period = { start: "2026-03-01T00:00:00.000Z", end: "2026-03-31T00:00:00.000Z" };

  it("is the units added for the share of the period still to run, in cents", () => {
    // 3 seats at $5.00, half of a 30-day period left: $7.50.
    expect(proratedEstimate(500, 3, period, Date.parse("2026-03-16T00:00:00.000Z"))).toBe(750);
    // At the start, the whole period; after its end, nothing.
    expect(proratedEstimate(499, 1, period, Date.parse(period.start))).toBe(499);
    expect(proratedEstimate(499, 1, period, Date.parse("2026-04-02T00:00:00.000Z"))).toBe(0);
  });

  it("is unknown without a period end, and nothing for no units", () => {
    expect(proratedEstimate(499, 1, { start: period.start, end: null })).toBeNull();
    expect(proratedEstimate(499, 0, period)).toBeNull();
  });

  it("keeps the stepper between 0 and 500 whole seats", () => {
    expect(clampSeats(-2)).toBe(0);
    expect(clampSeats(2.4)).toBe(2);
    expect(clampSeats(900)).toBe(500);
  });
});
