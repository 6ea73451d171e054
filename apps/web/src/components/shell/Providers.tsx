"use client";

import { SWR_DEDUPE_MS, SWR_ERROR_RETRY_MS, SWR_FOCUS_THROTTLE_MS } from "@vn/contract";
import { type ReactNode, Suspense } from "react";
import { SWRConfig } from "swr";
import { SignInDialogProvider } from "@/features/accounts/SignInDialog";
import { AudioPlayerProvider } from "@/features/media/AudioPlayer";
import { OnboardingTour } from "@/features/onboarding/OnboardingTour";
import { VerificationGateProvider } from "@/features/verification/VerificationGate";
import { ApiError } from "@/lib/api-error";
import { AccessGuard } from "./AccessGuard";
import { QueryIntentHandler } from "./QueryIntentHandler";
import { ResponseEffectsBridge } from "./ResponseEffectsBridge";
import { RouteHistoryTracker } from "./RouteHistoryTracker";
import { SnackbarProvider } from "./SnackbarProvider";
import { VersionWatcher } from "./VersionWatcher";

/** A failed request is retried only when retrying can help: no answer, overload or a server fault. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

const MAX_RETRIES = 5;

/** Everything every page needs once: data fetching defaults (§9), the snackbar, and the
 * invisible watchers (access rules, §4 response effects, route history, new versions). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{
        dedupingInterval: SWR_DEDUPE_MS,
        errorRetryInterval: SWR_ERROR_RETRY_MS,
        focusThrottleInterval: SWR_FOCUS_THROTTLE_MS,
        onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
          if (!isRetryable(error) || retryCount >= MAX_RETRIES) return;
          setTimeout(() => void revalidate({ retryCount }), config.errorRetryInterval);
        },
      }}
    >
      <SnackbarProvider>
        <ResponseEffectsBridge />
        {/* These read the query string, which Next only has on the client. */}
        <Suspense fallback={null}>
          <AccessGuard />
          <QueryIntentHandler />
          <RouteHistoryTracker />
          {/* The guided onboarding tour (issue 18): started by ?media-onboarding=true or the home. */}
          <OnboardingTour />
        </Suspense>
        <VersionWatcher />
        {/* The global audio player (§2) lives here so it keeps playing across navigation. */}
        <AudioPlayerProvider>
          {/* The verification popups (§2 global overlays) for every gated action, and the sign-in
                dialog for a visitor's (issue 18). */}
          <VerificationGateProvider>
            <SignInDialogProvider>{children}</SignInDialogProvider>
          </VerificationGateProvider>
        </AudioPlayerProvider>
      </SnackbarProvider>
    </SWRConfig>
  );
}
