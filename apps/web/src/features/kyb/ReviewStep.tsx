"use client";

import { format, type KybTransaction } from "@vn/contract";
import { kybMessages } from "@vn/contract/messages/kyb";
import { useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { countryName } from "@/lib/countries";
import { submitErrorMessage } from "@/lib/forms";
import { dayLabel, type KybStep, kybStepLabels } from "./kyb-rules";
import { StepFooter } from "./StepFooter";
import { useKybRefresh } from "./use-kyb";

const checklistItems: { step: Exclude<KybStep, "review">; label: string }[] = [
  { step: "details", label: kybMessages.kybChecklistDetails },
  { step: "documents", label: kybMessages.kybChecklistDocuments },
  { step: "directors", label: kybMessages.kybChecklistDirectors },
];

function Summary({ transaction }: { transaction: KybTransaction }) {
  const { details } = transaction;
  const rows: [string, string | null][] = [
    [kybMessages.kybLegalNameLabel, details.legalName],
    [kybMessages.kybRegistrationNumberLabel, details.registrationNumber],
    [kybMessages.kybCountryLabel, countryName(details.country)],
    [kybMessages.kybAddressLabel, details.registeredAddress],
    [kybMessages.kybIncorporationDateLabel, dayLabel(details.incorporationDate)],
    [kybMessages.kybWebsiteLabel, details.website],
  ];
  return (
    <section aria-labelledby="kyb-summary" className="flex flex-col gap-2">
      <h3 id="kyb-summary" className="text-base font-semibold text-ink">
        {kybMessages.kybStepDetails}
      </h3>
      <dl className="grid gap-x-6 gap-y-3 rounded-lg bg-canvas p-4 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="font-semibold text-ink">{label}</dt>
            <dd className="break-words whitespace-pre-line text-ink-muted">{value || "—"}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Step 4: what submit needs (the API's checklist, each with the way back to its step), the
 * details as they will be sent, and "Submit for verification". A refusal is the API's sentence
 * (details missing, "Supported documents not provided", directors pending or missing).
 */
export function ReviewStep({
  transaction,
  companyId,
  onEdit,
}: {
  transaction: KybTransaction;
  companyId: string;
  onEdit: (step: KybStep) => void;
}) {
  const snackbar = useSnackbar();
  const refresh = useKybRefresh(companyId);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const { data } = await api.kyb.submit();
      snackbar.show(kybMessages.kybSubmitted, { tone: "success" });
      await refresh(data);
    } catch (error) {
      setFailure(submitErrorMessage(error));
      setBusy(false);
      // Submitted or decided elsewhere meanwhile: the status view takes over.
      if (error instanceof ApiError && error.status === 409) void refresh();
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <p className="text-[0.95rem] text-ink-muted">{kybMessages.kybReviewText}</p>
      <section aria-labelledby="kyb-checklist" className="flex flex-col gap-2">
        <h3 id="kyb-checklist" className="text-base font-semibold text-ink">
          {kybMessages.kybChecklistHeading}
        </h3>
        <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
          {checklistItems.map(({ step, label }) => {
            const done = transaction.checklist[step];
            return (
              <li key={step} className="flex items-center gap-3 px-3 py-2">
                <Icon
                  name={done ? "checkCircle" : "alert"}
                  size={20}
                  className={done ? "shrink-0 text-success" : "shrink-0 text-danger"}
                />
                <p className="min-w-0 flex-1 text-sm text-ink">
                  {label}
                  <span className="sr-only">
                    {" "}
                    ({done ? kybMessages.kybChecklistDone : kybMessages.kybChecklistMissing})
                  </span>
                </p>
                <Button
                  variant="tertiary"
                  className="shrink-0"
                  aria-label={format(kybMessages.kybEditStep, { step: kybStepLabels[step] })}
                  onClick={() => onEdit(step)}
                >
                  <Icon name="chevronRight" size={18} />
                </Button>
              </li>
            );
          })}
        </ul>
      </section>
      <Summary transaction={transaction} />
      {failure ? <Alert>{failure}</Alert> : null}
      <StepFooter>
        <Button size="lg" variant="tertiary" onClick={() => onEdit("directors")} disabled={busy}>
          {kybMessages.kybBack}
        </Button>
        <Button
          size="lg"
          onClick={() => void submit()}
          disabled={busy || !transaction.canEdit}
          aria-busy={busy}
        >
          {busy ? kybMessages.kybSubmitting : kybMessages.kybSubmit}
        </Button>
      </StepFooter>
    </div>
  );
}
