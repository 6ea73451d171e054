"use client";

import { KYB_DETAILS_LIMITS, type KybTransaction } from "@vn/contract";
import { kybMessages } from "@vn/contract/messages/kyb";
import { sharedMessages } from "@vn/contract/messages/shared";
import { type FormEvent, useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { CountrySelect } from "@/components/ui/CountrySelect";
import { Input } from "@/components/ui/Input";
import { Textarea } from "@/components/ui/Textarea";
import { WebsiteInput } from "@/components/ui/WebsiteInput";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { fieldErrorsOf, submitErrorMessage } from "@/lib/forms";
import { detailsRequestOf, detailsValuesOf, type KybDetailField, type KybDetailsValues } from "./kyb-rules";
import { StepFooter } from "./StepFooter";
import { useKybRefresh } from "./use-kyb";

/** Today as YYYY-MM-DD: the latest incorporation date the picker offers. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Step 1: the company as the registry records it. "Save and continue" checks the fields with the
 * API's own schema, saves them (PATCH company-details) and moves on; a country the product does
 * not cover is refused under the country field with the server's sentence.
 */
export function DetailsStep({
  transaction,
  companyId,
  onSaved,
}: {
  transaction: KybTransaction;
  companyId: string;
  onSaved: () => void;
}) {
  const snackbar = useSnackbar();
  const refresh = useKybRefresh(companyId);
  const [values, setValues] = useState<KybDetailsValues>(() => detailsValuesOf(transaction.details));
  const [errors, setErrors] = useState<Partial<Record<KybDetailField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const locked = !transaction.canEdit;

  const field = (name: KybDetailField) => ({
    name,
    value: values[name],
    error: errors[name],
    disabled: locked || busy,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const request = detailsRequestOf(values);
    if (!request.ok) {
      setErrors(request.errors);
      return;
    }
    setBusy(true);
    try {
      const { data } = await api.kyb.companyDetails({ body: request.body });
      await refresh(data);
      snackbar.show(kybMessages.kybDetailsSaved, { tone: "success" });
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.code === "kybTransaction_countryNotSupported") {
        setErrors({ country: error.message });
      } else {
        const fields = fieldErrorsOf(error) as Partial<Record<KybDetailField, string>>;
        if (Object.keys(fields).length > 0) setErrors(fields);
        else setFailure(submitErrorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <p className="text-[0.95rem] text-ink-muted">{kybMessages.kybDetailsText}</p>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={kybMessages.kybLegalNameLabel}
          autoComplete="organization"
          maxLength={KYB_DETAILS_LIMITS.legalName.max}
          {...field("legalName")}
        />
        <Input
          label={kybMessages.kybRegistrationNumberLabel}
          autoComplete="off"
          spellCheck={false}
          maxLength={KYB_DETAILS_LIMITS.registrationNumber.max}
          {...field("registrationNumber")}
        />
        <CountrySelect label={kybMessages.kybCountryLabel} {...field("country")} />
        <Input
          label={kybMessages.kybIncorporationDateLabel}
          type="date"
          max={today()}
          {...field("incorporationDate")}
        />
      </div>
      <Textarea
        label={kybMessages.kybAddressLabel}
        rows={3}
        autoComplete="street-address"
        maxLength={KYB_DETAILS_LIMITS.registeredAddress.max}
        {...field("registeredAddress")}
      />
      <WebsiteInput label={kybMessages.kybWebsiteLabel} optional {...field("website")} />
      {locked ? null : (
        <StepFooter>
          <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
            {busy ? sharedMessages.saving : sharedMessages.saveAndContinue}
          </Button>
        </StepFooter>
      )}
    </form>
  );
}
