"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AppealRequest,
  appealRequestSchema,
  format,
  IDV_APPEAL_MESSAGE_MAX,
  IDV_APPEAL_MESSAGE_MIN,
  type VerificationState,
} from "@vn/contract";
import { sharedMessages } from "@vn/contract/messages/shared";
import { verificationMessages } from "@vn/contract/messages/verification";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Textarea } from "@/components/ui/Textarea";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { cleanSubmit, fieldErrorsOf, submitErrorMessage } from "@/lib/forms";
import { ReasonNote } from "./ReasonNote";
import { StepCard } from "./StepCard";
import { useRefreshVerification } from "./use-verification-state";
import { VerificationStep } from "./VerificationStep";

type Appeal = NonNullable<VerificationState["appeal"]>;

function AppealStatus({ appeal, justSent }: { appeal: Appeal; justSent: boolean }) {
  return (
    <div className="flex flex-col gap-3">
      {justSent ? (
        <Alert tone="success">{verificationMessages.appealSent}</Alert>
      ) : (
        <Alert tone="info">{sharedMessages.appealAlreadySubmitted}</Alert>
      )}
      <p className="text-[0.95rem] text-ink">
        {appeal.status === "rejected"
          ? verificationMessages.appealRejected
          : verificationMessages.appealPending}
      </p>
      <blockquote className="rounded-lg border border-line p-3 text-[0.95rem] whitespace-pre-line text-ink-muted">
        {appeal.message}
      </blockquote>
    </div>
  );
}

function AppealForm({ onSent }: { onSent: () => void }) {
  const refresh = useRefreshVerification();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AppealRequest>({
    resolver: zodResolver(appealRequestSchema) as unknown as Resolver<AppealRequest>,
    defaultValues: { message: "" },
  });
  const onSubmit = cleanSubmit(async (values: AppealRequest) => {
    setServerError(null);
    try {
      const { data: state } = await api.verification.appeal({ body: values });
      onSent();
      await refresh(state);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.message) setError("message", { message: fields.message });
      else setServerError(submitErrorMessage(error));
      // A second appeal: the API says it is already in; the state shows it from now on.
      if (error instanceof ApiError && error.code === "appeal_alreadySubmitted") void refresh();
    }
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="flex flex-col gap-5">
      {serverError ? <Alert>{serverError}</Alert> : null}
      <Textarea
        label={sharedMessages.appealMessageLabel}
        rows={6}
        maxLength={IDV_APPEAL_MESSAGE_MAX}
        hint={format(sharedMessages.appealMessageHint, { count: IDV_APPEAL_MESSAGE_MIN })}
        error={errors.message?.message}
        {...register("message")}
      />
      <div className="flex flex-col-reverse gap-2 border-t border-line pt-5 sm:flex-row sm:justify-end">
        <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? sharedMessages.appealSending : sharedMessages.appealSubmit}
        </Button>
      </div>
    </form>
  );
}

/**
 * /verification/appeal: one appeal per final rejection, with a message; staff decide it. An appeal
 * already made shows where it stands ("already submitted"), and so does the API's 409 to a second.
 */
export function AppealScreen() {
  const [justSent, setJustSent] = useState(false);
  return (
    <VerificationStep route="appeal">
      {(state) => (
        <StepCard
          icon="flag"
          title={verificationMessages.appealTitle}
          text={state.appeal ? undefined : verificationMessages.appealText}
        >
          <ReasonNote reason={state.transaction?.reason} />
          {state.appeal ? (
            <AppealStatus appeal={state.appeal} justSent={justSent} />
          ) : (
            <AppealForm onSent={() => setJustSent(true)} />
          )}
        </StepCard>
      )}
    </VerificationStep>
  );
}
