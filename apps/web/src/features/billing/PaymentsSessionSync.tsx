"use client";

import type { PaymentsSubscriptionEvent } from "@vn/contract";
import { useRouter } from "next/navigation";
import { useSWRConfig } from "swr";
import { SESSION_KEY, useSession } from "@/lib/session";
import { useSocketEvent } from "@/lib/use-socket-event";

/**
 * Anywhere in the app: when the subscription changes (a renewal, a failed one, a trial's end, a
 * change taking effect), the session user is read again and server components re-render, so
 * entitlements follow at once. Renders nothing; meant for the site's providers.
 */
export function PaymentsSessionSync() {
  const { authenticated } = useSession();
  const { mutate } = useSWRConfig();
  const router = useRouter();
  useSocketEvent<PaymentsSubscriptionEvent>("payments.subscription", authenticated, () => {
    void mutate(SESSION_KEY).then(() => router.refresh());
  });
  return null;
}
