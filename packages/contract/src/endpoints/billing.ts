import {
  lastActiveSubscriptionResponseSchema,
  plansDictionaryQuerySchema,
  plansDictionaryResponseSchema,
} from "../schemas/billing";
import { endpoint } from "./define";

const tags = ["billing"];

/**
 * Billing (issue 13), §7 "Payments" on API v1. The rest of the payments calls arrive with the
 * payments provider; these two stand on their own: the catalogue, and the subscription fetch,
 * which only verified owners may make (§6 "verified status unlocks the subscription fetch").
 */
export const billingEndpoints = {
  plans: endpoint({
    method: "GET",
    path: "/api/v1/dictionaries/payments/plans",
    tags,
    summary:
      "The plans dictionary: every plan of persons and companies, monthly and annual in cents, trials, add-ons, the badge and each plan's entitlements, with its version",
    query: plansDictionaryQuerySchema,
    responses: { 200: plansDictionaryResponseSchema },
    policy: { who: "anyone" },
  }),
  lastActive: endpoint({
    method: "GET",
    path: "/api/v1/dashboard/payments/subscriptions/last-active",
    tags,
    summary: "The acting owner's subscription: plan, period, add-ons, badge and the change to come",
    responses: { 200: lastActiveSubscriptionResponseSchema },
    policy: { who: "verified" },
  }),
};
