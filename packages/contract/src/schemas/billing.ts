import { z } from "zod";
import {
  addonTypes,
  billingPeriods,
  creatorApplicationStates,
  ownerTypes,
  paymentOutcomes,
  planTiers,
} from "../enums";
import { sharedMessages } from "../messages/shared";
import { validationMessages } from "../messages/validation";
import { userText } from "./common";
import { planFeatureValueSchema, subscriptionSchema } from "./session";

/**
 * Billing (issue 13), first calls of §7 "Payments": the plans dictionary and the subscription fetch
 * for verified owners. Money is integer cents, always.
 */
export const plansDictionaryQuerySchema = z.object({
  /** The version the client holds; the answer says whether it changed. */
  version: z
    .string()
    .max(64, validationMessages.invalidRequest)
    .regex(/^[A-Za-z0-9._-]*$/, validationMessages.invalidRequest)
    .optional(),
});

export const catalogPlanSchema = z.object({
  owner: z.enum(ownerTypes),
  tier: z.enum(planTiers),
  currency: z.literal("USD"),
  /** Cents a month; null: "contact us" (enterprise). */
  monthlyCents: z.number().int().nullable(),
  /** Cents a year: 12 months less the yearly discount, rounded to the cent. */
  annualCents: z.number().int().nullable(),
  /** A free trial is offered (once per owner). */
  trial: z.boolean(),
  /** Bought at checkout; otherwise an application (creator) or the enquiry form (enterprise). */
  selfServe: z.boolean(),
  /** Entitlements (plans.ts); a null limit is unlimited. */
  features: z.record(z.string(), planFeatureValueSchema),
});
export type CatalogPlan = z.infer<typeof catalogPlanSchema>;

export const plansDictionarySchema = z.object({
  version: z.string(),
  /** The client's `version` is the current one: it may keep what it holds. */
  unchanged: z.boolean(),
  currency: z.literal("USD"),
  yearlyDiscountPercent: z.number().int(),
  trialDays: z.number().int(),
  plans: z.array(catalogPlanSchema),
  addons: z.array(
    z.object({
      type: z.enum(addonTypes),
      monthlyCents: z.number().int(),
      /** Priced per unit (seats: per extra team member). */
      perUnit: z.boolean(),
    }),
  ),
  badge: z.object({ monthlyCents: z.number().int(), fromTier: z.enum(planTiers) }),
});
export type PlansDictionary = z.infer<typeof plansDictionarySchema>;
export const plansDictionaryResponseSchema = z.object({ data: plansDictionarySchema });

export const lastActiveSubscriptionResponseSchema = z.object({ data: subscriptionSchema });

// The owner's billing (issue 13) ---------------------------------------------------------------

export const paymentProviderNames = ["sandbox", "stripe"] as const;
export type PaymentProviderName = (typeof paymentProviderNames)[number];

export const paymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** A payment waiting for the cardholder to authenticate (3-D Secure), and how to do it. */
export const pendingActionSchema = z.object({
  paymentIntentId: z.string(),
  /** Stripe.js confirms with it (`confirmCardPayment`); the sandbox's authentication page too. */
  clientSecret: z.string(),
  /** What is being paid for, for the dialog. */
  amountCents: z.number().int(),
});

export const subscriptionStatusSchema = z.enum(["active", "trialing", "past_due", "incomplete", "canceled"]);

/**
 * Everything /settings/billing shows, beside the §3 Subscription: status, period, trial, the
 * change to come and when, add-ons and badge with a pending removal, the card, a payment waiting
 * for authentication, and how the browser talks to the provider.
 */
export const billingStateSchema = subscriptionSchema.and(
  z.object({
    billing: z.object({
      status: subscriptionStatusSchema,
      period: z.enum(billingPeriods),
      currentPeriodStart: z.iso.datetime(),
      /** Null on the free plan, which never ends. */
      currentPeriodEnd: z.iso.datetime().nullable(),
      trialEndsAt: z.iso.datetime().nullable(),
      /** Whole days left in the trial (rounded up), null outside a trial. */
      trialDaysLeft: z.number().int().nullable(),
      /** The trial-ending reminder was dismissed (reminder/reject). */
      reminderDismissed: z.boolean(),
      nextChange: z
        .object({ plan: z.enum(planTiers), period: z.enum(billingPeriods), at: z.iso.datetime() })
        .nullable(),
      addons: z.array(
        z.object({
          type: z.enum(addonTypes),
          quantity: z.number().int(),
          cancelAtPeriodEnd: z.boolean(),
          /** A lower quantity that takes effect at the period's end (fewer seats), else null. */
          nextQuantity: z.number().int().nullable(),
        }),
      ),
      badge: z.object({ active: z.boolean(), visible: z.boolean(), cancelAtPeriodEnd: z.boolean() }),
      /** Renewals that failed in a row (retried 3 times over 7 days). */
      failedRenewals: z.number().int(),
      paymentMethod: paymentMethodSchema.nullable(),
      pendingAction: pendingActionSchema.nullable(),
      provider: z.object({ name: z.enum(paymentProviderNames), publishableKey: z.string().nullable() }),
    }),
  }),
);
export type BillingState = z.infer<typeof billingStateSchema>;
export const billingStateResponseSchema = z.object({ data: billingStateSchema });

export const subscriptionParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const paymentMethodParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** Every call that changes money carries a key chosen by the client: a repeat does it once. */
const idempotencyKey = z
  .string({ error: validationMessages.invalidRequest })
  .min(8, validationMessages.invalidRequest)
  .max(100, validationMessages.invalidRequest)
  .regex(/^[A-Za-z0-9_-]+$/, validationMessages.invalidRequest);

export const setupIntentRequestSchema = z.object({ idempotencyKey });
export const setupIntentResponseSchema = z.object({
  data: z.object({
    setupIntentId: z.string(),
    clientSecret: z.string(),
    provider: z.enum(paymentProviderNames),
    /** Stripe.js's key; null for the sandbox, whose card form posts to `confirmUrl`. */
    publishableKey: z.string().nullable(),
    confirmUrl: z.string().nullable(),
  }),
});

export const changeSubscriptionRequestSchema = z.object({
  plan: z.enum(planTiers, { error: sharedMessages.fieldRequired }),
  period: z.enum(billingPeriods, { error: sharedMessages.fieldRequired }),
  /** Start with the free trial (once per owner, plans that offer one). */
  trial: z.boolean().default(false),
  idempotencyKey,
});

/** What a change did: its §4 outcome, or the authentication it waits for. */
export const subscriptionChangeResponseSchema = z.object({
  data: z.object({
    outcome: z.enum(paymentOutcomes).nullable(),
    /** `requires_action`: the payment waits for the cardholder (pendingAction). */
    status: z.enum(["done", "requires_action"]),
    pendingAction: pendingActionSchema.nullable(),
    state: billingStateSchema,
  }),
});

export const previewRequestSchema = z.object({
  plan: z.enum(planTiers, { error: sharedMessages.fieldRequired }),
  period: z.enum(billingPeriods, { error: sharedMessages.fieldRequired }),
});
export const previewResponseSchema = z.object({
  data: z.object({
    timing: z.enum(["now", "periodEnd"]),
    outcome: z.enum(paymentOutcomes),
    /** Charged now (upgrades: the new plan's remaining time less the old one's unused time). */
    amountDueCents: z.number().int(),
    /** When a change at the period's end takes effect, and what each period then costs. */
    effectiveAt: z.iso.datetime(),
    nextPeriodCents: z.number().int(),
    lines: z.array(z.object({ description: z.string(), amountCents: z.number().int() })),
  }),
});

export const requireActionRequestSchema = z.object({ paymentIntentId: z.string().min(1).max(100) });

export const defaultPaymentMethodResponseSchema = z.object({ data: paymentMethodSchema.nullable() });

export const invoiceSchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  description: z.string(),
  amountCents: z.number().int(),
  currency: z.literal("USD"),
  status: z.enum(["paid", "open", "failed", "void"]),
  periodStart: z.iso.datetime().nullable(),
  periodEnd: z.iso.datetime().nullable(),
});
export const invoicesResponseSchema = z.object({ data: z.array(invoiceSchema) });

export const okResponseSchema = z.object({ data: z.object({ ok: z.literal(true) }) });

export const paymentsWebhookParamsSchema = z.object({ provider: z.enum(paymentProviderNames) });
export const paymentsWebhookReceiptSchema = z.object({
  data: z.object({ received: z.literal(true), duplicate: z.boolean() }),
});

// The sandbox vendor's own calls (what Stripe.js and Stripe's dashboard do for the real one) ------

export const sandboxIntentParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const sandboxConfirmSetupRequestSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z
    .string({ error: sharedMessages.fieldRequired })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, sharedMessages.cardNumberInvalid)),
  expMonth: z.coerce
    .number({ error: sharedMessages.cardExpiryInvalid })
    .int()
    .min(1, sharedMessages.cardExpiryInvalid)
    .max(12, sharedMessages.cardExpiryInvalid),
  expYear: z.coerce
    .number({ error: sharedMessages.cardExpiryInvalid })
    .int()
    .min(2000, sharedMessages.cardExpiryInvalid)
    .max(2100, sharedMessages.cardExpiryInvalid),
  cvc: z.string().regex(/^\d{3,4}$/, sharedMessages.cardCvcInvalid),
});
export const sandboxConfirmSetupResponseSchema = z.object({
  data: z.object({
    status: z.enum(["succeeded", "requires_payment_method"]),
    paymentMethodId: z.string().nullable(),
    /** Why the card was refused (card_declined, incorrect_number, expired_card), as Stripe says. */
    declineCode: z.string().nullable(),
  }),
});
export const sandboxAuthenticateRequestSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  /** The cardholder passes or fails the bank's challenge. */
  approve: z.boolean(),
});
export const sandboxAuthenticateResponseSchema = z.object({
  data: z.object({ status: z.enum(["succeeded", "requires_payment_method"]) }),
});
export const sandboxClockAdvanceRequestSchema = z.object({
  /** Seconds to move the sandbox's clock forward (test clocks), at most a year and a half. */
  seconds: z
    .number()
    .int()
    .min(1)
    .max(60 * 60 * 24 * 550),
});
export const sandboxClockResponseSchema = z.object({ data: z.object({ now: z.iso.datetime() }) });

// Add-ons and the badge (issue 13 item 7) ------------------------------------------------------

export const addonRequestSchema = z.object({
  type: z.enum(addonTypes, { error: sharedMessages.fieldRequired }),
  /** Seats are bought per extra team member; spy and stealth are one each. */
  quantity: z
    .number()
    .int()
    .min(1, validationMessages.invalidRequest)
    .max(500, validationMessages.invalidRequest)
    .default(1),
  idempotencyKey,
});
export const addonRemoveRequestSchema = z.object({
  type: z.enum(addonTypes, { error: sharedMessages.fieldRequired }),
  idempotencyKey,
});
export const badgeRequestSchema = z.object({ idempotencyKey });
export const ownerTypeParamsSchema = z.object({ ownerType: z.enum(["users", "companies"]) });
export const badgeVisibilityRequestSchema = z.object({
  visible: z.boolean({ error: sharedMessages.fieldRequired }),
});

// The desired trial (a plan picked before the owner could buy) ---------------------------------

export const desiredTrialRequestSchema = z.object({
  plan: z.enum(planTiers, { error: sharedMessages.fieldRequired }),
  period: z.enum(billingPeriods, { error: sharedMessages.fieldRequired }),
});
export const desiredTrialResponseSchema = z.object({
  data: z.object({ plan: z.enum(planTiers), period: z.enum(billingPeriods) }).nullable(),
});
export const desiredTrialCanShowResponseSchema = z.object({
  data: z.object({
    /** The owner may still start a trial and holds no paid plan: the offer may be shown. */
    canShow: z.boolean(),
  }),
});
export const promotionInviteResponseSchema = z.object({
  data: z.object({
    /** Joined through a member's invitation and the trial is still unused: it runs longer. */
    available: z.boolean(),
    trialDays: z.number().int(),
    invitedBy: z.object({ name: z.string(), slug: z.string() }).nullable(),
  }),
});

// The creator application (§4) -----------------------------------------------------------------

export const creatorApplicationStatusSchema = z.enum(creatorApplicationStates);
export const creatorApplicationSchema = z.object({
  id: z.string(),
  status: creatorApplicationStatusSchema,
  publishes: z.string(),
  links: z.array(z.string()),
  audience: z.string().nullable(),
  decisionNote: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  /** A rejected applicant may appeal once; then this is set (a second shows "already submitted"). */
  appealedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type CreatorApplication = z.infer<typeof creatorApplicationSchema>;
export const creatorApplicationResponseSchema = z.object({ data: creatorApplicationSchema.nullable() });

const httpLink = z
  .string()
  .trim()
  .max(300, validationMessages.invalidRequest)
  .refine((value) => /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), validationMessages.invalidUrl);

export const creatorApplyRequestSchema = z.object({
  publishes: userText({ error: sharedMessages.fieldRequired })
    .trim()
    .min(20, validationMessages.creatorPublishesTooShort)
    .max(2000, validationMessages.creatorPublishesTooLong),
  links: z
    .array(httpLink)
    .min(1, validationMessages.creatorLinksRequired)
    .max(5, validationMessages.creatorLinksTooMany),
  audience: userText().trim().max(300, validationMessages.invalidRequest).optional(),
});
export const creatorAppealRequestSchema = z.object({
  message: userText({ error: sharedMessages.fieldRequired })
    .trim()
    .min(10, validationMessages.creatorAppealTooShort)
    .max(2000, validationMessages.creatorPublishesTooLong),
});
export const creatorDecisionRequestSchema = z.object({
  decision: z.enum(["congratulation", "rejected"], { error: sharedMessages.fieldRequired }),
  note: userText().max(1000, validationMessages.invalidRequest).optional(),
});
export const creatorQueueResponseSchema = z.object({
  data: z.array(
    creatorApplicationSchema.extend({
      profile: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
      /** The applicant's appeal of an earlier rejection (set once appealed). */
      appealMessage: z.string().nullable(),
    }),
  ),
});
