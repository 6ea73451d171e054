import { z } from "zod";
import { addonTypes, ownerTypes, planTiers } from "../enums";
import { messages } from "../messages";
import { planFeatureValueSchema, subscriptionSchema } from "./session";

/**
 * Billing (issue 13), first calls of §7 "Payments": the plans dictionary and the subscription fetch
 * for verified owners. Money is integer cents, always.
 */
export const plansDictionaryQuerySchema = z.object({
  /** The version the client holds; the answer says whether it changed. */
  version: z
    .string()
    .max(64, messages.invalidRequest)
    .regex(/^[A-Za-z0-9._-]*$/, messages.invalidRequest)
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
