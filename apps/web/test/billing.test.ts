import {
  type BillingState,
  messages,
  type PaymentOutcome,
  paymentOutcomes,
  planActionLabel,
  planActionLabels,
} from "@vn/contract";
import { describe, expect, it } from "vitest";
import {
  actionOfLabel,
  billingCheckoutPath,
  checkoutTarget,
  holdingOf,
  linksOf,
  needsCard,
  outcomeFactsOf,
  requestedCard,
  viewerOf,
} from "../src/features/billing/billing-rules";
import {
  declineMessage,
  formatCents,
  formatDate,
  formatPrice,
  groupCardNumber,
  labelText,
  outcomeText,
  parseExpiry,
  trialDaysLeftText,
  typedExpiry,
} from "../src/features/billing/billing-text";
import { billingStateFixture } from "./support/billing-state";

/** A verified person's billing state on a plan, holding two seats; tests change what they need. */
function stateOf(
  overrides: Partial<BillingState["billing"]> = {},
  tier: BillingState["current"]["plan"]["slug"] = "premium",
): BillingState {
  return billingStateFixture({
    tier,
    billing: {
      addons: [{ type: "seats", quantity: 2, cancelAtPeriodEnd: false, nextQuantity: null }],
      ...overrides,
    },
  });
}

describe("billing words", () => {
  it("every §4 plan action label has its own button text", () => {
    const texts = planActionLabels.map(labelText);
    expect(texts.every((text) => text.length > 0)).toBe(true);
    expect(new Set(texts).size).toBe(planActionLabels.length);
    expect(labelText("freeTrial")).toBe("Start free trial");
    expect(labelText("downgradeToFree")).toBe("Downgrade to Basic");
    expect(labelText("pendingVerification")).toBe("Verify to upgrade");
  });

  it("tells every §4 payment outcome in words, with the plan and date where they matter", () => {
    const at = "2026-04-01T00:00:00.000Z";
    const texts = paymentOutcomes.map((outcome: PaymentOutcome) =>
      outcomeText(outcome, { plan: "standard", at }),
    );
    expect(new Set(texts).size).toBeGreaterThanOrEqual(12);
    for (const text of texts) expect(text).not.toMatch(/[{}]/);
    expect(outcomeText("created", { plan: "standard" })).toBe("Your free trial of Standard has started.");
    expect(outcomeText("delayed_downgrade", { plan: "basic", at })).toBe(
      "Your plan changes to Basic on Apr 1, 2026.",
    );
    expect(outcomeText("upgraded", { plan: "premium" })).toBe("You are now on Premium.");
  });

  it("formats money from integer cents in USD", () => {
    expect(formatCents(999)).toBe("$9.99");
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(-320)).toBe("-$3.20");
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatPrice(9900)).toBe("$99");
    expect(formatPrice(10070)).toBe("$100.70");
    expect(formatDate("2026-03-05T23:30:00.000Z")).toBe("Mar 5, 2026");
  });

  it("says why a card was refused in the provider's decline codes", () => {
    expect(declineMessage("card_declined")).toBe(messages.paymentFailed);
    expect(declineMessage("incorrect_number")).toBe(messages.cardNumberInvalid);
    expect(declineMessage("expired_card")).toBe(messages.cardExpired);
    expect(declineMessage(null)).toBe(messages.paymentFailed);
  });

  it("reads the card form as it is typed", () => {
    expect(groupCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(groupCardNumber("4000 0025-0000 3155 999999")).toBe("4000 0025 0000 3155 999");
    expect(typedExpiry("1", "")).toBe("1");
    expect(typedExpiry("12", "1")).toBe("12/");
    expect(typedExpiry("12/3", "12/")).toBe("12/3");
    expect(typedExpiry("1228", "")).toBe("12/28");
    expect(typedExpiry("12", "12/")).toBe("1");
    expect(parseExpiry("12/28")).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry("04 / 2031")).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry("13/28")).toBeNull();
    expect(parseExpiry("1228")).toBeNull();
  });

  it("counts trial days in words", () => {
    expect(trialDaysLeftText(14)).toBe("14 days left in your free trial");
    expect(trialDaysLeftText(1)).toBe("1 day left in your free trial");
  });
});

describe("billing rules", () => {
  it("builds what the plan cards know from the billing state", () => {
    const state = stateOf({
      status: "trialing",
      nextChange: { plan: "basic", period: "monthly", at: "2026-04-01T00:00:00.000Z" },
    });
    expect(holdingOf(state)).toEqual({
      tier: "premium",
      period: "monthly",
      trialing: true,
      next: { tier: "basic", period: "monthly" },
      addons: { seats: 2 },
    });
    const viewer = viewerOf(state, "user", true);
    expect(viewer).toMatchObject({
      signedIn: true,
      verified: true,
      canUseTrial: false,
      creatorApplication: null,
    });
    // The cards of this state: the tried plan keeps itself, Basic undoes the cancellation.
    const context = { mode: "billing" as const, viewer, holding: holdingOf(state) };
    expect(
      planActionLabel({ kind: "plan", owner: "user", tier: "premium", period: "monthly" }, context),
    ).toBe("cancelDowngrade");
  });

  it("maps each label to what its button does", () => {
    expect(actionOfLabel("freeTrial")).toEqual({ kind: "checkout", trial: true, direction: "up" });
    for (const label of ["upgrade", "changePlan", "switchToYearly"] as const) {
      expect(actionOfLabel(label)).toEqual({ kind: "checkout", trial: false, direction: "up" });
    }
    for (const label of ["downgrade", "downgradeToFree", "switchToMonthly", "cancelSubscription"] as const) {
      expect(actionOfLabel(label)).toEqual({ kind: "checkout", trial: false, direction: "later" });
    }
    expect(actionOfLabel("cancelDowngrade").kind).toBe("cancelChanges");
    expect(actionOfLabel("pendingVerification").kind).toBe("verify");
    expect(actionOfLabel("contactUs").kind).toBe("contact");
    expect(actionOfLabel("apply").kind).toBe("apply");
    for (const label of ["myPlan", "comingSoon", "applicationPending", "selected"] as const) {
      expect(actionOfLabel(label).kind).toBe("none");
    }
  });

  it("cancelling a subscription checks out Basic in the current period", () => {
    const state = stateOf({ period: "annual" });
    expect(checkoutTarget("cancelSubscription", { tier: "premium", period: "monthly" }, state)).toEqual({
      tier: "basic",
      period: "annual",
    });
    expect(checkoutTarget("upgrade", { tier: "creator", period: "monthly" }, state)).toEqual({
      tier: "creator",
      period: "monthly",
    });
  });

  it("asks for a card before a paid plan only when none is on file", () => {
    expect(needsCard(stateOf({ paymentMethod: null }), "standard")).toBe(true);
    expect(needsCard(stateOf({ paymentMethod: null }), "basic")).toBe(false);
    expect(needsCard(stateOf(), "premium")).toBe(false);
  });

  it("names the plan to come and its date in delayed outcomes", () => {
    const at = "2026-04-01T00:00:00.000Z";
    const state = stateOf({ nextChange: { plan: "standard", period: "monthly", at } });
    expect(outcomeFactsOf("delayed_downgrade", state)).toEqual({ plan: "standard", at });
    expect(outcomeFactsOf("upgraded", state)).toEqual({ plan: "premium", at: null });
  });

  it("reads the creator application's links one a line", () => {
    expect(linksOf(" https://a.example/x \n\nhttps://b.example\r\n")).toEqual([
      "https://a.example/x",
      "https://b.example",
    ]);
    expect(linksOf("")).toEqual([]);
  });

  it("passes the creator application's state to the cards", () => {
    const state = stateOf({}, "basic");
    expect(viewerOf(state, "user", true, "pending").creatorApplication).toBe("pending");
    const context = {
      mode: "billing" as const,
      viewer: viewerOf(state, "user", true, "congratulation"),
      holding: holdingOf(state),
    };
    expect(
      planActionLabel({ kind: "plan", owner: "user", tier: "creator", period: "monthly" }, context),
    ).toBe("upgrade");
  });

  it("reads the card asked for in the query, and writes it", () => {
    expect(requestedCard("premium", "annual")).toEqual({ tier: "premium", period: "annual" });
    expect(requestedCard("standard", null)).toEqual({ tier: "standard", period: "monthly" });
    expect(requestedCard("gold", "annual")).toBeNull();
    expect(requestedCard(null, "annual")).toBeNull();
    expect(billingCheckoutPath("standard", "annual")).toBe("/settings/billing?plan=standard&period=annual");
  });
});
