"use client";

import { format, type KybTransaction } from "@vn/contract";
import { kybMessages } from "@vn/contract/messages/kyb";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { Spinner } from "@/components/ui/Spinner";
import { StepCard } from "@/features/verification/StepCard";
import { api } from "@/lib/api-client";
import { submitErrorMessage } from "@/lib/forms";
import { routes } from "@/lib/paths";
import { BusinessBadge } from "./BusinessBadge";
import { badgeOfTransaction } from "./business-badge";
import type { KybCompany } from "./KybWizard";
import { dayLabel, type KybView } from "./kyb-rules";
import { useKybRefresh } from "./use-kyb";

type StatusView = Exclude<KybView, "start" | "draft">;

function Reason({ transaction }: { transaction: KybTransaction | null }) {
  const reason = transaction?.reason;
  if (!reason) return null;
  return (
    <div className="rounded-lg bg-canvas p-4">
      <h2 className="text-sm font-semibold text-ink">{sharedMessages.reasonHeading}</h2>
      <p className="mt-1 text-[0.95rem] text-ink" data-reason={reason.code}>
        {reason.text}
      </p>
    </div>
  );
}

function Dates({ transaction }: { transaction: KybTransaction | null }) {
  const submitted = dayLabel(transaction?.submittedAt);
  const decided = dayLabel(transaction?.decidedAt);
  if (!submitted && !decided) return null;
  return (
    <p className="text-sm text-ink-muted">
      {[
        submitted ? format(kybMessages.kybSubmittedOn, { date: submitted }) : null,
        decided ? format(kybMessages.kybDecidedOn, { date: decided }) : null,
      ]
        .filter(Boolean)
        .join(" · ")}
    </p>
  );
}

/**
 * "Start again" after a fixable rejection, "Submit again" after the registry failed: a new draft
 * (the API copies the previous details into it), which the wizard then shows.
 */
function StartNewButton({ companyId, label }: { companyId: string; label: string }) {
  const refresh = useKybRefresh(companyId);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await api.kyb.create();
      await refresh(data);
    } catch (error) {
      setFailure(submitErrorMessage(error));
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-stretch gap-3 sm:items-end">
      {failure ? <Alert className="self-stretch">{failure}</Alert> : null}
      <Button size="lg" onClick={() => void start()} disabled={busy} aria-busy={busy}>
        {label}
      </Button>
    </div>
  );
}

/**
 * A transaction past the draft: submitted and being checked, waiting for staff, verified (with
 * the badge's facts), rejected with the reason (a fixable one may start again; a final one may
 * not), or failed at the registry (submit again). The socket and the poll move it on by itself.
 */
export function KybStatusView({
  view,
  transaction,
  company,
}: {
  view: StatusView;
  transaction: KybTransaction | null;
  company: KybCompany;
}) {
  const values = { company: company.name };
  switch (view) {
    case "pending":
      return (
        <StepCard
          icon="shield"
          title={kybMessages.kybPendingTitle}
          text={format(kybMessages.kybPendingText, values)}
          visual={
            <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
              <Spinner className="size-8 border-[3px]" />
            </span>
          }
        >
          <p role="status" className="text-sm font-semibold text-ink">
            {sharedMessages.processingWaiting}
          </p>
          <Dates transaction={transaction} />
        </StepCard>
      );
    case "manualReview":
      return (
        <StepCard
          icon="shield"
          tone="warning"
          title={kybMessages.kybManualReviewTitle}
          text={format(kybMessages.kybManualReviewText, values)}
        >
          <Dates transaction={transaction} />
        </StepCard>
      );
    case "verified": {
      const badge = badgeOfTransaction(transaction);
      return (
        <StepCard
          icon="checkCircle"
          tone="success"
          title={format(kybMessages.kybVerifiedTitle, values)}
          text={kybMessages.kybVerifiedText}
          actions={
            <Button asChild size="lg">
              <Link href={routes.profile(company.slug)}>{sharedMessages.billingCompanyVerify}</Link>
            </Button>
          }
        >
          {badge ? <BusinessBadge business={badge} /> : null}
        </StepCard>
      );
    }
    case "rejected":
      return (
        <StepCard
          icon="alert"
          tone="danger"
          title={kybMessages.kybRejectedTitle}
          actions={
            transaction?.canStartNew ? (
              <StartNewButton companyId={company.id} label={kybMessages.kybStartAgain} />
            ) : null
          }
        >
          <Reason transaction={transaction} />
          {transaction?.canStartNew ? null : <Alert tone="info">{kybMessages.kybNotAllowed}</Alert>}
          <Dates transaction={transaction} />
        </StepCard>
      );
    case "failed":
      return (
        <StepCard
          icon="alert"
          tone="warning"
          title={kybMessages.kybFailedTitle}
          actions={
            transaction?.canStartNew ? (
              <StartNewButton companyId={company.id} label={kybMessages.kybSubmitAgain} />
            ) : null
          }
        >
          <Reason transaction={transaction} />
          <Dates transaction={transaction} />
        </StepCard>
      );
  }
}
