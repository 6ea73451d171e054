"use client";

import type { VerificationState } from "@vn/contract";
import { useCallback } from "react";
import { useSWRConfig } from "swr";
import { api } from "@/lib/api-client";
import { SESSION_KEY } from "@/lib/session";
import { useResource } from "@/lib/use-resource";

/** The SWR key of the person's verification state (`api.verification.state`). */
export const VERIFICATION_STATE_KEY = api.verification.state.path();

/**
 * Where the signed-in person's verification stands (GET /users/me/verification), while `enabled`
 * (signed in). `refreshInterval` re-reads it (the processing screen's fallback to the socket).
 */
export function useVerificationState(enabled: boolean, refreshInterval?: number) {
  const result = useResource(api.verification.state, enabled ? {} : null, {
    refreshInterval,
    revalidateOnFocus: true,
  });
  return { ...result, state: result.data?.data ?? null };
}

/**
 * After a step moved the state (a start, a decision, an appeal): the state and the session user
 * (whose verification status opens the gates and hides the banner) are read again. A state the
 * step answered with is put in the cache at once.
 */
export function useRefreshVerification() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (state?: VerificationState) => {
      await Promise.all([
        state
          ? mutate(VERIFICATION_STATE_KEY, { data: state }, { revalidate: false })
          : mutate(VERIFICATION_STATE_KEY),
        mutate(SESSION_KEY),
      ]);
    },
    [mutate],
  );
}
