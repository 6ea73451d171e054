"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AccessChangeType,
  accessChangeFormSchemas,
  format,
  ONE_TIME_CODE_LENGTH,
  oneTimeCodeSchema,
} from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { settingsMessages } from "@vn/contract/messages/settings";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useSWRConfig } from "swr";
import { z } from "zod";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Input } from "@/components/ui/Input";
import { codeFailure } from "@/features/accounts/auth-outcomes";
import { resendSecondsLeft } from "@/features/accounts/code-timer";
import { PasswordInput } from "@/features/accounts/PasswordInput";
import { GENERAL_INFO_KEY } from "@/features/accounts/use-general-info";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { cleanSubmit, fieldErrorsOf, submitErrorMessage } from "@/lib/forms";
import { SESSION_KEY, type SessionUser } from "@/lib/session";

const codeFormSchema = z.object({ code: oneTimeCodeSchema });

const copy = {
  email: {
    label: settingsMessages.newEmailLabel,
    note: settingsMessages.emailChangeNote,
    done: settingsMessages.emailChanged,
    inputType: "email",
    autoComplete: "email",
  },
  phone: {
    label: settingsMessages.newPhoneLabel,
    note: settingsMessages.phoneChangeNote,
    done: settingsMessages.phoneChanged,
    inputType: "tel",
    autoComplete: "tel",
  },
} as const;

type ValueFields = {
  value: string;
  currentPassword: string;
};

type Pending = ValueFields & {
  destination: string;
  sentAt: number;
};

export interface AccessChangeFormProps {
  type: AccessChangeType;
}

/**
 * Changing the email or the phone (spec §7 access-change): the current password and the new
 * address start it (POST …/initialize; issue 11: a session alone cannot move the account), the
 * code sent to the new address confirms it (POST …/finish), every other device is signed out and
 * the session shows the new value. The old email gets a link to undo the change.
 */
export function AccessChangeForm({ type }: AccessChangeFormProps) {
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState<Pending | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const text = copy[type];

  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [pending]);

  const valueForm = useForm<ValueFields>({
    resolver: zodResolver(accessChangeFormSchemas[type]),
    defaultValues: { value: "", currentPassword: "" },
  });
  const codeForm = useForm<{ code: string }>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: "" },
  });

  const initialize = async (fields: ValueFields): Promise<boolean> => {
    setServerError(null);
    try {
      const { data: answer } = await api.accounts.accessChangeInitialize({
        params: { type },
        body: { value: fields.value, currentPassword: fields.currentPassword },
      });
      setPending({ ...fields, destination: answer.destination, sentAt: Date.now() });
      codeForm.reset({ code: "" });
      return true;
    } catch (error) {
      if (pending) {
        // A resend that fails shows above the code form.
        setServerError(submitErrorMessage(error));
        return false;
      }
      if (error instanceof ApiError && error.code === "user_wrongPassword") {
        valueForm.setError(
          "currentPassword",
          { message: settingsMessages.wrongCurrentPassword },
          { shouldFocus: true },
        );
        return false;
      }
      const fields = fieldErrorsOf(error);
      if (fields.currentPassword) valueForm.setError("currentPassword", { message: fields.currentPassword });
      if (fields.value) valueForm.setError("value", { message: fields.value }, { shouldFocus: true });
      else if (error instanceof ApiError && error.status === 409) {
        valueForm.setError("value", { message: error.message }, { shouldFocus: true });
      } else if (!fields.currentPassword) setServerError(submitErrorMessage(error));
      return false;
    }
  };

  // The §5 cleanup leaves the password exactly as typed.
  const onValue = cleanSubmit(async (values: ValueFields) => {
    await initialize(values);
  });

  const onCode = async (values: { code: string }) => {
    setServerError(null);
    let user: SessionUser;
    try {
      user = (await api.accounts.accessChangeFinish({ params: { type }, body: { code: values.code } })).data;
    } catch (error) {
      const failure = codeFailure(error);
      if (failure.needsNewCode) setServerError(failure.text);
      else codeForm.setError("code", { message: failure.text }, { shouldFocus: true });
      return;
    }
    await mutate(SESSION_KEY, user, { revalidate: false });
    await mutate(GENERAL_INFO_KEY);
    setPending(null);
    valueForm.reset({ value: "", currentPassword: "" });
    snackbar.show(text.done, { tone: "success" });
  };

  if (pending) {
    const cooldown = resendSecondsLeft(pending.sentAt, now);
    const [before = "", after = ""] = sharedMessages.codeSent.split("{destination}");
    return (
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => void codeForm.handleSubmit(onCode)(event)}
      >
        <p className="text-sm text-ink">
          {before}
          <strong className="font-semibold break-all">{pending.destination}</strong>
          {after}
        </p>
        {serverError ? <Alert>{serverError}</Alert> : null}
        <Input
          label={sharedMessages.codeLabel}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={ONE_TIME_CODE_LENGTH}
          className="max-w-xs [&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.4em]"
          error={codeForm.formState.errors.code?.message}
          {...codeForm.register("code")}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
          <Button variant="tertiary" onClick={() => setPending(null)}>
            {commonMessages.cancel}
          </Button>
          <Button variant="secondary" disabled={cooldown > 0} onClick={() => void initialize(pending)}>
            {cooldown > 0
              ? format(sharedMessages.codeResendIn, { seconds: cooldown })
              : sharedMessages.codeResend}
          </Button>
          <Button
            type="submit"
            disabled={codeForm.formState.isSubmitting}
            aria-busy={codeForm.formState.isSubmitting}
          >
            {codeForm.formState.isSubmitting ? sharedMessages.codeVerifying : sharedMessages.confirmChange}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {serverError ? <Alert>{serverError}</Alert> : null}
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => void valueForm.handleSubmit(onValue)(event)}
      >
        <p className="text-sm text-ink-muted">{text.note}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label={text.label}
            type={text.inputType}
            autoComplete={text.autoComplete}
            inputMode={type === "email" ? "email" : "tel"}
            autoCapitalize="none"
            spellCheck={false}
            error={valueForm.formState.errors.value?.message}
            {...valueForm.register("value")}
          />
          <PasswordInput
            label={settingsMessages.currentPasswordLabel}
            autoComplete="current-password"
            error={valueForm.formState.errors.currentPassword?.message}
            {...valueForm.register("currentPassword")}
          />
        </div>
        <div className="flex sm:justify-end">
          <Button
            type="submit"
            variant="secondary"
            className="max-sm:w-full"
            disabled={valueForm.formState.isSubmitting}
            aria-busy={valueForm.formState.isSubmitting}
          >
            {valueForm.formState.isSubmitting ? settingsMessages.sendingCode : settingsMessages.sendCode}
          </Button>
        </div>
      </form>
    </div>
  );
}
