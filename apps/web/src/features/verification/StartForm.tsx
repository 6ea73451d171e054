"use client";

import { startVerificationRequestSchema } from "@vn/contract";
import { sharedMessages } from "@vn/contract/messages/shared";
import { verificationMessages } from "@vn/contract/messages/verification";
import { type FormEvent, useEffect, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { CountrySelect } from "@/components/ui/CountrySelect";
import { useGeneralInfo } from "@/features/accounts/use-general-info";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { fieldErrorsOf, submitErrorMessage } from "@/lib/forms";
import { useRefreshVerification } from "./use-verification-state";

/**
 * The country that issued the document, then "Start verification": the API opens a session at the
 * vendor and answers its hosted capture page, where the browser goes. A first attempt, a retry and
 * a new try after a failure are the same call. A sanctioned country is refused with the API's
 * sentence under the field.
 */
export function StartForm({ submitLabel = sharedMessages.verificationStart }: { submitLabel?: string }) {
  const refresh = useRefreshVerification();
  const profileCountry = useGeneralInfo(true).data?.data.country ?? "";
  const [country, setCountry] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The profile's country is the likely answer; the person may change it.
  useEffect(() => {
    if (profileCountry) setCountry((current) => current || profileCountry);
  }, [profileCountry]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setFormError(null);
    const parsed = startVerificationRequestSchema.safeParse({ country });
    if (!parsed.success) {
      setFieldError(
        country
          ? (parsed.error.issues[0]?.message ?? sharedMessages.invalidCountry)
          : sharedMessages.fieldRequired,
      );
      return;
    }
    setBusy(true);
    try {
      const { data } = await api.verification.start({ body: { country: parsed.data.country } });
      await refresh(data.state);
      // The vendor's hosted page (ours in the sandbox, another origin with a real vendor).
      window.location.assign(data.captureUrl);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.code === "verification_countryUnavailable") {
        setFieldError(error.message);
        return;
      }
      const fields = fieldErrorsOf(error);
      if (fields.country) setFieldError(fields.country);
      else setFormError(submitErrorMessage(error));
      // The state moved on elsewhere (a start in another tab): read it again.
      if (error instanceof ApiError && error.status === 409) void refresh();
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      {formError ? <Alert>{formError}</Alert> : null}
      <CountrySelect
        label={verificationMessages.verificationCountryLabel}
        placeholder={verificationMessages.verificationCountryPlaceholder}
        value={country}
        onChange={(event) => setCountry(event.target.value)}
        error={fieldError ?? undefined}
      />
      <div className="flex flex-col-reverse gap-2 border-t border-line pt-5 sm:flex-row sm:justify-end">
        <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
          {busy ? verificationMessages.verificationStarting : submitLabel}
        </Button>
      </div>
    </form>
  );
}
