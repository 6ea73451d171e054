import { describe, expect, it } from "vitest";
import {
  type PlanActionLabel,
  type PlanCardContext,
  type PlanCardHolding,
  type PlanCardTarget,
  type PlanCardViewer,
  planActionLabel,
  planActionLabels,
} from "../src/index";

/** A verified person who has never had a trial, signed in; tests change what they need. */
function viewer(overrides: Partial<PlanCardViewer> = {}): PlanCardViewer {
  return {
    signedIn: true,
    ownerType: "user",
    verified: true,
    canUseTrial: true,
    creatorApplication: null,
    ...overrides,
  };
}

function holding(overrides: Partial<PlanCardHolding> = {}): PlanCardHolding {
  return { tier: "basic", period: "monthly", trialing: false, next: null, addons: {}, ...overrides };
}

function billing(
  who: Partial<PlanCardViewer> = {},
  held: Partial<PlanCardHolding> | null = {},
): PlanCardContext {
  return { mode: "billing", viewer: viewer(who), holding: held === null ? null : holding(held) };
}

const card = (
  tier: "basic" | "standard" | "premium" | "creator" | "enterprise",
  period: "monthly" | "annual" = "monthly",
  owner: "user" | "company" = "user",
): PlanCardTarget => ({ kind: "plan", owner, tier, period });

/** One row per label: the card, who looks, and the label the button must carry. */
const table: { name: string; target: PlanCardTarget; context: PlanCardContext; label: PlanActionLabel }[] = [
  {
    name: "a basic person who never had a trial sees the trial on Standard",
    target: card("standard"),
    context: billing(),
    label: "freeTrial",
  },
  {
    name: "premium looking at Standard: a downgrade",
    target: card("standard"),
    context: billing({}, { tier: "premium" }),
    label: "downgrade",
  },
  {
    name: "standard looking at Premium, same period: an upgrade",
    target: card("premium"),
    context: billing({ canUseTrial: false }, { tier: "standard" }),
    label: "upgrade",
  },
  {
    name: "standard monthly looking at Premium annual: a change of plan",
    target: card("premium", "annual"),
    context: billing({}, { tier: "standard" }),
    label: "changePlan",
  },
  {
    name: "a visitor gets started",
    target: card("standard"),
    context: billing({ signedIn: false }, null),
    label: "getStarted",
  },
  {
    name: "premium annual looking at Premium monthly",
    target: card("premium", "monthly"),
    context: billing({}, { tier: "premium", period: "annual" }),
    label: "switchToMonthly",
  },
  {
    name: "premium monthly looking at Premium annual",
    target: card("premium", "annual"),
    context: billing({}, { tier: "premium" }),
    label: "switchToYearly",
  },
  {
    name: "a pending creator application",
    target: card("creator"),
    context: billing({ creatorApplication: "pending" }),
    label: "applicationPending",
  },
  {
    name: "the plan one holds",
    target: card("premium"),
    context: billing({}, { tier: "premium" }),
    label: "myPlan",
  },
  {
    name: "the yearly creator plan is not sold yet",
    target: card("creator", "annual"),
    context: billing(),
    label: "comingSoon",
  },
  {
    name: "a paid plan looking at Basic",
    target: card("basic"),
    context: billing({}, { tier: "standard" }),
    label: "downgradeToFree",
  },
  {
    name: "the card of the scheduled downgrade undoes it",
    target: card("standard"),
    context: billing({}, { tier: "premium", next: { tier: "standard", period: "monthly" } }),
    label: "cancelDowngrade",
  },
  {
    name: "more seats than held",
    target: { kind: "addon", type: "seats", quantity: 3 },
    context: billing({}, { tier: "standard", addons: { seats: 1 } }),
    label: "upgradeAddon",
  },
  {
    name: "fewer seats than held",
    target: { kind: "addon", type: "seats", quantity: 0 },
    context: billing({}, { tier: "standard", addons: { seats: 2 } }),
    label: "downgradeAddon",
  },
  { name: "no creator application yet", target: card("creator"), context: billing(), label: "apply" },
  {
    name: "enterprise is contact us",
    target: card("enterprise", "monthly", "company"),
    context: billing({ ownerType: "company" }),
    label: "contactUs",
  },
  {
    name: "an unverified person cannot buy",
    target: card("standard"),
    context: billing({ verified: false }),
    label: "pendingVerification",
  },
  {
    name: "the wizard offers a plan to pick",
    target: card("standard"),
    context: { mode: "wizard", viewer: viewer(), holding: null, selectedTier: "basic" },
    label: "select",
  },
  {
    name: "the wizard marks the picked plan",
    target: card("basic"),
    context: { mode: "wizard", viewer: viewer(), holding: null, selectedTier: "basic" },
    label: "selected",
  },
  {
    name: "the plan being tried can be cancelled",
    target: card("standard"),
    context: billing({ canUseTrial: false }, { tier: "standard", trialing: true }),
    label: "cancelSubscription",
  },
];

describe("planActionLabel (§4 plan action labels)", () => {
  it.each(table)("$name → $label", ({ target, context, label }) => {
    expect(planActionLabel(target, context)).toBe(label);
  });

  it("the table reaches every one of the 20 labels", () => {
    expect(new Set(table.map((row) => row.label))).toEqual(new Set(planActionLabels));
    expect(planActionLabels).toHaveLength(20);
  });

  it("offers the trial once per owner, and only on plans that have one", () => {
    expect(planActionLabel(card("premium"), billing())).toBe("freeTrial");
    expect(planActionLabel(card("premium"), billing({ canUseTrial: false }))).toBe("upgrade");
    // Company premium has no trial; company standard does.
    const company = { ownerType: "company" as const };
    expect(planActionLabel(card("standard", "monthly", "company"), billing(company))).toBe("freeTrial");
    expect(planActionLabel(card("premium", "monthly", "company"), billing(company))).toBe("upgrade");
    // An upgrade from a paid plan is never a trial.
    expect(planActionLabel(card("premium"), billing({}, { tier: "standard" }))).toBe("upgrade");
  });

  it("an unverified owner may not upgrade, but may still leave for Basic or keep what they hold", () => {
    const unverified = { verified: false };
    expect(planActionLabel(card("premium"), billing(unverified, { tier: "standard" }))).toBe(
      "pendingVerification",
    );
    expect(planActionLabel(card("basic"), billing(unverified, { tier: "standard" }))).toBe("downgradeToFree");
    expect(planActionLabel(card("standard"), billing(unverified, { tier: "standard" }))).toBe("myPlan");
    expect(planActionLabel(card("enterprise", "monthly", "company"), billing(unverified))).toBe("contactUs");
  });

  it("follows the creator application: apply, pending, rejected (may apply again), approved", () => {
    expect(planActionLabel(card("creator"), billing({ creatorApplication: null }))).toBe("apply");
    expect(planActionLabel(card("creator"), billing({ creatorApplication: "pending" }))).toBe(
      "applicationPending",
    );
    expect(planActionLabel(card("creator"), billing({ creatorApplication: "rejected" }))).toBe("apply");
    // Approved: the creator checkout opens like any paid plan (no trial on creator).
    expect(planActionLabel(card("creator"), billing({ creatorApplication: "congratulation" }))).toBe(
      "upgrade",
    );
    expect(
      planActionLabel(
        card("creator"),
        billing({ creatorApplication: "congratulation" }, { tier: "premium" }),
      ),
    ).toBe("upgrade");
    // An approved but unverified applicant still has to verify first.
    expect(
      planActionLabel(card("creator"), billing({ creatorApplication: "congratulation", verified: false })),
    ).toBe("pendingVerification");
    // Annual creator stays "coming soon" whatever the application says.
    expect(
      planActionLabel(card("creator", "annual"), billing({ creatorApplication: "congratulation" })),
    ).toBe("comingSoon");
  });

  it("moves between monthly and annual on the same tier", () => {
    expect(planActionLabel(card("standard", "annual"), billing({}, { tier: "standard" }))).toBe(
      "switchToYearly",
    );
    expect(
      planActionLabel(card("standard", "monthly"), billing({}, { tier: "standard", period: "annual" })),
    ).toBe("switchToMonthly");
    // Basic costs nothing either way: it is simply one's plan.
    expect(planActionLabel(card("basic", "annual"), billing())).toBe("myPlan");
    // A higher tier in the other period is a change of plan; a lower one a downgrade.
    expect(
      planActionLabel(card("premium", "monthly"), billing({}, { tier: "standard", period: "annual" })),
    ).toBe("changePlan");
    expect(
      planActionLabel(card("standard", "monthly"), billing({}, { tier: "premium", period: "annual" })),
    ).toBe("downgrade");
  });

  it("the scheduled change: its card and the current one both undo it", () => {
    const toBasic = {
      tier: "premium" as const,
      next: { tier: "basic" as const, period: "monthly" as const },
    };
    // The free card undoes a cancellation whichever period is shown.
    expect(planActionLabel(card("basic", "monthly"), billing({}, toBasic))).toBe("cancelDowngrade");
    expect(planActionLabel(card("basic", "annual"), billing({}, toBasic))).toBe("cancelDowngrade");
    expect(planActionLabel(card("premium"), billing({}, toBasic))).toBe("cancelDowngrade");
    // Annual → monthly at the year's end: the monthly card undoes it.
    const toMonthly = {
      tier: "premium" as const,
      period: "annual" as const,
      next: { tier: "premium" as const, period: "monthly" as const },
    };
    expect(planActionLabel(card("premium", "monthly"), billing({}, toMonthly))).toBe("cancelDowngrade");
    expect(planActionLabel(card("premium", "annual"), billing({}, toMonthly))).toBe("cancelDowngrade");
    // Other cards keep their own labels.
    expect(planActionLabel(card("standard"), billing({}, toBasic))).toBe("downgrade");
    // A trial that will be cancelled at its end: the tried plan offers to keep it, not to cancel again.
    const cancelledTrial = {
      tier: "standard" as const,
      trialing: true,
      next: { tier: "basic" as const, period: "monthly" as const },
    };
    expect(planActionLabel(card("standard"), billing({}, cancelledTrial))).toBe("cancelDowngrade");
  });

  it("add-ons compare the quantity shown with the quantity held", () => {
    const context = billing({}, { tier: "premium", addons: { spy: 1 } });
    expect(planActionLabel({ kind: "addon", type: "spy", quantity: 1 }, context)).toBe("selected");
    expect(planActionLabel({ kind: "addon", type: "stealth", quantity: 1 }, context)).toBe("upgradeAddon");
    expect(planActionLabel({ kind: "addon", type: "spy", quantity: 0 }, context)).toBe("downgradeAddon");
  });

  it("enterprise is contact us everywhere but the wizard", () => {
    const target = card("enterprise", "monthly", "company");
    expect(planActionLabel(target, billing({ signedIn: false }, null))).toBe("contactUs");
    expect(planActionLabel(target, billing({ ownerType: "company" }, { tier: "premium" }))).toBe("contactUs");
    expect(
      planActionLabel(target, {
        mode: "wizard",
        viewer: viewer(),
        holding: null,
        selectedTier: "enterprise",
      }),
    ).toBe("selected");
  });
});
