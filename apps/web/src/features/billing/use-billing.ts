"use client";

import type { BillingState } from "@vn/contract";
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { useSWRConfig } from "swr";
import { api } from "@/lib/api-client";
import { SESSION_KEY } from "@/lib/session";
import { useResource } from "@/lib/use-resource";

/** SWR keys of what /settings/billing reads. */
export const BILLING_STATE_KEY = api.billing.lastActive.path();
export const INVOICES_KEY = api.billing.invoices.path();
export const DESIRED_TRIAL_KEY = api.billing.desiredTrial.path();
export const DESIRED_TRIAL_CAN_SHOW_KEY = api.billing.desiredTrialCanShow.path();

/** The acting owner's subscription, card and pending payment (GET …/subscriptions/last-active). */
export function useBillingState(enabled: boolean) {
  const result = useResource(api.billing.lastActive, enabled ? {} : null, { revalidateOnFocus: true });
  return { ...result, state: result.data?.data ?? null };
}

export function useInvoices(enabled: boolean) {
  const result = useResource(api.billing.invoices, enabled ? {} : null);
  return { ...result, invoices: result.data?.data ?? null };
}

/** The person's creator application (§4), or null; while `enabled` (persons only). */
export function useCreatorApplication(enabled: boolean) {
  const result = useResource(api.billing.creatorApplication, enabled ? {} : null);
  return { ...result, application: result.data?.data ?? null };
}

/** The plan wished for before the owner could buy, and whether its offer may be shown (a trial unused, no paid plan). */
export function useDesiredTrial(enabled: boolean) {
  const wish = useResource(api.billing.desiredTrial, enabled ? {} : null);
  const canShow = useResource(api.billing.desiredTrialCanShow, enabled ? {} : null);
  const desired = wish.data?.data ?? null;
  return { desired, canShow: canShow.data?.data.canShow ?? false };
}

/** The invitation promotion (a longer first trial for who joined through an invitation); while `enabled`. */
export function usePromotionInvite(enabled: boolean) {
  const result = useResource(api.billing.promotionInvite, enabled ? {} : null, { revalidateOnFocus: false });
  return { ...result, promotion: result.data?.data ?? null };
}

/** The plans dictionary (prices in cents, trials, the yearly discount). */
export function usePlansDictionary() {
  const result = useResource(api.billing.plans, {}, { revalidateOnFocus: false });
  return { ...result, dictionary: result.data?.data ?? null };
}

/**
 * After anything that may have changed the subscription: the billing state (taken from the answer
 * when there is one), the billing history and the session user are read again, and the server
 * components re-render, so entitlements (scheduling, video, the connect tab) change across the
 * whole app at once.
 */
export function useRefreshBilling() {
  const { mutate } = useSWRConfig();
  const router = useRouter();
  return useCallback(
    async (state?: BillingState): Promise<BillingState | null> => {
      const [fresh] = await Promise.all([
        state
          ? mutate<{ data: BillingState }>(BILLING_STATE_KEY, { data: state }, { revalidate: false })
          : mutate<{ data: BillingState }>(BILLING_STATE_KEY),
        mutate(INVOICES_KEY),
        // A trial started (the wished one, or any) ends the desired-trial offer.
        mutate(DESIRED_TRIAL_KEY),
        mutate(DESIRED_TRIAL_CAN_SHOW_KEY),
        mutate(SESSION_KEY),
      ]);
      router.refresh();
      return fresh?.data ?? null;
    },
    [mutate, router],
  );
}
