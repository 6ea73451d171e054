import type { BillingState, OwnerType, PlanTier } from "@vn/contract";

/**
 * A verified owner's billing state as GET …/subscriptions/last-active answers it: Premium, monthly,
 * a 4242 card, nothing pending. Tests change what they need.
 */
export function billingStateFixture(
  options: { owner?: OwnerType; tier?: PlanTier; billing?: Partial<BillingState["billing"]> } = {},
): BillingState {
  const { owner = "user", tier = "premium", billing = {} } = options;
  return {
    canUseTrial: false,
    lastActive: null,
    publicId: "sub_1",
    current: {
      plan: {
        slug: tier,
        title: tier,
        ownerType: owner,
        currency: "USD",
        price: { monthly: 19.99, annual: 201.5 },
        period: "monthly",
        features: {},
      },
      addons: [],
      badge: null,
    },
    next: null,
    billing: {
      status: "active",
      period: "monthly",
      currentPeriodStart: "2026-03-01T00:00:00.000Z",
      currentPeriodEnd: "2026-04-01T00:00:00.000Z",
      trialEndsAt: null,
      trialDaysLeft: null,
      reminderDismissed: false,
      nextChange: null,
      addons: [],
      badge: { active: false, visible: false, cancelAtPeriodEnd: false },
      failedRenewals: 0,
      paymentMethod: { id: "pm_1", brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 },
      pendingAction: null,
      provider: { name: "sandbox", publishableKey: null },
      ...billing,
    },
  };
}
