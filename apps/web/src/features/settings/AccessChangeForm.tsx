"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AccessChangeType,
  emailSchema,
  format,
  messages,
  ONE_TIME_CODE_LENGTH,
  oneTimeCodeSchema,
  phoneSchema,
} from "@vn/contract";
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
import { GENERAL_INFO_KEY } from "@/features/accounts/use-general-info";
import { api } from "@/lib/api";
import { ApiError } from "@/lib/api-error";
import { cleanSubmit, fieldErrorsOf, submitErrorMessage } from "@/lib/forms";
import { SESSION_KEY, type SessionUser } from "@/lib/session";

const valueSchemas = {
  email: z.object({ value: emailSchema }),
  phone: z.object({ value: phoneSchema }),
} as const;
const codeFormSchema = z.object({ code: oneTimeCodeSchema });

const copy = {
  email: {
    label: messages.newEmailLabel,
    done: messages.emailChanged,
    inputType: "email",
    autoComplete: "email",
  },
  phone: {
    label: messages.newPhoneLabel,
    done: messages.phoneChanged,
    inputType: "tel",
    autoComplete: "tel",
  },
} as const;

interface Pending {
  value: string;
  destination: string;
  sentAt: number;
}

export interface AccessChangeFormProps {
  type: AccessChangeType;
}

/**
 * Changing the email or the phone (spec §7 access-change): the new address gets a code
 * (POST …/initialize), the code confirms it (POST …/finish), and the session shows the new value.
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

  const valueForm = useForm<{ value: string }>({
    resolver: zodResolver(valueSchemas[type]),
    defaultValues: { value: "" },
  });
  const codeForm = useForm<{ code: string }>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: "" },
  });

  const initialize = async (value: string): Promise<boolean> => {
    setServerError(null);
    try {
      const answer = await api.post<{ destination: string }>(
        `/v1/users/me/access-change/${type}/initialize`,
        {
          value,
        },
      );
      setPending({ value, destination: answer.destination, sentAt: Date.now() });
      codeForm.reset({ code: "" });
      return true;
    } catch (error) {
      const field = fieldErrorsOf(error).value;
      if (field) valueForm.setError("value", { message: field }, { shouldFocus: true });
      else if (error instanceof ApiError && error.status === 409) {
        valueForm.setError("value", { message: error.message }, { shouldFocus: true });
      } else setServerError(submitErrorMessage(error));
      return false;
    }
  };

  const onValue = cleanSubmit(async (values: { value: string }) => {
    await initialize(values.value);
  });

  const onCode = async (values: { code: string }) => {
    setServerError(null);
    let user: SessionUser;
    try {
      user = await api.post<SessionUser>(`/v1/users/me/access-change/${type}/finish`, { code: values.code });
    } catch (error) {
      const failure = codeFailure(error);
      if (failure.needsNewCode) setServerError(failure.text);
      else codeForm.setError("code", { message: failure.text }, { shouldFocus: true });
      return;
    }
    await mutate(SESSION_KEY, user, { revalidate: false });
    await mutate(GENERAL_INFO_KEY);
    setPending(null);
    valueForm.reset({ value: "" });
    snackbar.show(text.done, { tone: "success" });
  };

  if (pending) {
    const cooldown = resendSecondsLeft(pending.sentAt, now);
    const [before = "", after = ""] = messages.codeSent.split("{destination}");
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
          label={messages.codeLabel}
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
            {messages.cancel}
          </Button>
          <Button variant="secondary" disabled={cooldown > 0} onClick={() => void initialize(pending.value)}>
            {cooldown > 0 ? format(messages.codeResendIn, { seconds: cooldown }) : messages.codeResend}
          </Button>
          <Button
            type="submit"
            disabled={codeForm.formState.isSubmitting}
            aria-busy={codeForm.formState.isSubmitting}
          >
            {codeForm.formState.isSubmitting ? messages.codeVerifying : messages.confirmChange}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {serverError ? <Alert>{serverError}</Alert> : null}
      <form
        className="flex flex-col gap-4 sm:flex-row sm:items-start"
        noValidate
        onSubmit={(event) => void valueForm.handleSubmit(onValue)(event)}
      >
        <Input
          label={text.label}
          type={text.inputType}
          autoComplete={text.autoComplete}
          inputMode={type === "email" ? "email" : "tel"}
          autoCapitalize="none"
          spellCheck={false}
          className="flex-1"
          error={valueForm.formState.errors.value?.message}
          {...valueForm.register("value")}
        />
        <Button
          type="submit"
          variant="secondary"
          className="sm:mt-[1.85rem] max-sm:w-full"
          disabled={valueForm.formState.isSubmitting}
          aria-busy={valueForm.formState.isSubmitting}
        >
          {valueForm.formState.isSubmitting ? messages.sendingCode : messages.sendCode}
        </Button>
      </form>
    </div>
  );
}
