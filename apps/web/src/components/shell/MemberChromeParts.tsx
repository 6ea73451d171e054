"use client";

import { PaymentsSessionSync } from "@/features/billing/PaymentsSessionSync";
import { KybInviteCookieSync } from "@/features/kyb/KybInviteCookieSync";
import { LimitBanner } from "@/features/moderation/LimitBanner";
import { VerificationBanner } from "@/features/verification/VerificationBanner";

/** What MemberChrome loads for a member: the banners in the frame's order, then the watchers. */
export function MemberChromeParts({ banners }: { banners: boolean }) {
  return (
    <>
      {/* The verification banner (§6). */}
      {banners ? <VerificationBanner /> : null}
      {/* Issue 16: a moderation limit in force, until when, and where to read why. */}
      {banners ? <LimitBanner /> : null}
      {/* A renewal, a failed one or a trial's end while the person is elsewhere: entitlements follow. */}
      <PaymentsSessionSync />
      {/* A director invitation's cookies left from before sign-in or profile completion (spec §4). */}
      <KybInviteCookieSync />
    </>
  );
}
