import type { VerificationState, VerificationSummaryLabel } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { verificationMessages } from "@vn/contract/messages/verification";
import { Badge, type BadgeTone } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";
import { summaryLabels, verifiedBadgeText } from "./verification-rules";

const badgeTones: Record<VerificationSummaryLabel, BadgeTone> = {
  verified: "verified",
  pending: "warning",
  rejected: "danger",
  "access restricted": "neutral",
};

function detailOf(state: VerificationState): string {
  switch (state.summary) {
    case "verified":
      return verifiedBadgeText("user", state.verifiedAt);
    case "pending":
      return commonMessages.verificationBannerPending;
    case "rejected":
      if (state.appeal?.status === "pending") return verificationMessages.appealPending;
      if (state.appeal?.status === "rejected") return verificationMessages.appealRejected;
      return verificationMessages.rejectFinal;
    default:
      return state.status === "failed"
        ? commonMessages.verificationBannerFailed
        : commonMessages.verificationBanner;
  }
}

function actionOf(state: VerificationState): { label: string; href: string } | null {
  switch (state.summary) {
    case "verified":
      return null;
    case "rejected":
      return state.canAppeal
        ? { label: commonMessages.readOnlyAppealAction, href: routes.verificationStep("appeal") }
        : { label: verificationMessages.verificationSummaryDetails, href: routes.verification };
    case "pending":
      return { label: verificationMessages.verificationSummaryDetails, href: routes.verification };
    default:
      return { label: commonMessages.verificationBannerAction, href: routes.verification };
  }
}

/**
 * The §4 summary view: verified, pending, rejected or access restricted, what it means, and the
 * action that fits (verify, appeal, see where it stands). On the settings page and the hub.
 */
export function VerificationSummary({ state }: { state: VerificationState }) {
  const action = actionOf(state);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col items-start gap-1.5">
        <Badge tone={badgeTones[state.summary]} className="text-sm">
          {summaryLabels[state.summary]}
        </Badge>
        <p className="text-[0.95rem] text-ink" data-testid="verification-summary">
          {detailOf(state)}
        </p>
      </div>
      {action ? (
        <Button asChild variant={state.summary === "access restricted" ? "primary" : "secondary"}>
          <Link href={action.href} className="shrink-0">
            {action.label}
          </Link>
        </Button>
      ) : null}
    </div>
  );
}
