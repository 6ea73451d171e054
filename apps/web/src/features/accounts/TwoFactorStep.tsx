"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  messages,
  TOTP_CODE_LENGTH,
  twoFactorBackupCodeRequestSchema,
  twoFactorConfirmRequestSchema,
} from "@vn/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Input } from "@/components/ui/Input";
import { api } from "@/lib/api-client";
import { twoFactorFailure } from "./auth-outcomes";

type TotpInput = z.input<typeof twoFactorConfirmRequestSchema>;
type TotpValues = z.output<typeof twoFactorConfirmRequestSchema>;
type BackupInput = z.input<typeof twoFactorBackupCodeRequestSchema>;
type BackupValues = z.output<typeof twoFactorBackupCodeRequestSchema>;

export interface TwoFactorStepProps {
  /** The code was right: the session cookie is set. */
  onSignedIn: () => Promise<void>;
  /** Back to email and password (the challenge expired, or the person wants to). */
  onRestart: () => void;
}

interface CodeFormProps {
  onSignedIn: () => Promise<void>;
  /** The challenge is gone (expired, spent, too many tries): only a new sign-in helps. */
  onChallengeLost: (text: string) => void;
  /** Any other refusal the form cannot pin on the field (too many codes for the account). */
  onError: (text: string | null) => void;
  disabled: boolean;
}

function useSubmit(
  call: (code: string) => Promise<unknown>,
  { onSignedIn, onChallengeLost, onError }: CodeFormProps,
  fieldError: (text: string) => void,
) {
  return async (code: string) => {
    onError(null);
    try {
      await call(code);
    } catch (error) {
      const failure = twoFactorFailure(error);
      if (failure.kind === "field") fieldError(failure.text);
      else if (failure.kind === "restart") onChallengeLost(failure.text);
      else onError(failure.text);
      throw error; // keeps react-hook-form's isSubmitSuccessful false
    }
    await onSignedIn();
  };
}

function TotpForm(props: CodeFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<TotpInput, unknown, TotpValues>({
    resolver: zodResolver(twoFactorConfirmRequestSchema),
    defaultValues: { code: "" },
  });
  const submit = useSubmit(
    (code) => api.accounts.twoFactorVerifyTotp({ body: { code } }),
    props,
    (text) => {
      setError("code", { message: text });
      setFocus("code");
    },
  );
  const busy = isSubmitting || isSubmitSuccessful;
  return (
    <form
      className="flex flex-col gap-5"
      noValidate
      aria-label={messages.twoFactorTitle}
      onSubmit={(event) => void handleSubmit((values) => submit(values.code))(event).catch(() => undefined)}
    >
      <Input
        label={messages.twoFactorCodeLabel}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9 ]*"
        spellCheck={false}
        autoFocus
        maxLength={TOTP_CODE_LENGTH + 1}
        className="[&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.4em]"
        error={errors.code?.message}
        {...register("code")}
      />
      <Button type="submit" size="lg" block disabled={busy || props.disabled} aria-busy={busy}>
        {busy ? messages.codeVerifying : messages.twoFactorVerify}
      </Button>
    </form>
  );
}

function BackupCodeForm(props: CodeFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<BackupInput, unknown, BackupValues>({
    resolver: zodResolver(twoFactorBackupCodeRequestSchema),
    defaultValues: { code: "" },
  });
  const submit = useSubmit(
    (code) => api.accounts.twoFactorVerifyBackupCode({ body: { code } }),
    props,
    (text) => {
      setError("code", { message: text });
      setFocus("code");
    },
  );
  const busy = isSubmitting || isSubmitSuccessful;
  return (
    <form
      className="flex flex-col gap-5"
      noValidate
      aria-label={messages.twoFactorTitle}
      onSubmit={(event) => void handleSubmit((values) => submit(values.code))(event).catch(() => undefined)}
    >
      <Input
        label={messages.twoFactorBackupCodeLabel}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        className="[&_input]:font-mono [&_input]:text-lg"
        error={errors.code?.message}
        {...register("code")}
      />
      <Button type="submit" size="lg" block disabled={busy || props.disabled} aria-busy={busy}>
        {busy ? messages.codeVerifying : messages.twoFactorVerify}
      </Button>
    </form>
  );
}

/**
 * The sign-in's second step (issue 16): after a right password, an account with a second factor
 * on gives the authenticator's 6-digit code, or one of its backup codes instead. The challenge
 * rides in an httpOnly cookie for 10 minutes; when it is gone the person signs in again.
 */
export function TwoFactorStep({ onSignedIn, onRestart }: TwoFactorStepProps) {
  const [backup, setBackup] = useState(false);
  const [lost, setLost] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const formProps: CodeFormProps = {
    onSignedIn,
    onChallengeLost: setLost,
    onError: setError,
    disabled: lost !== null,
  };
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start gap-3 rounded-lg bg-brand-soft px-3.5 py-3 text-sm text-brand-strong">
        <Icon name="shield" size={20} className="mt-px shrink-0" />
        <p>{backup ? messages.twoFactorBackupIntro : messages.twoFactorIntro}</p>
      </div>
      {lost ? (
        <Alert>
          <span className="flex flex-col items-start gap-2">
            {lost}
            <Button variant="secondary" onClick={onRestart}>
              {messages.backToSignIn}
            </Button>
          </span>
        </Alert>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      {backup ? <BackupCodeForm key="backup" {...formProps} /> : <TotpForm key="totp" {...formProps} />}
      <div className="flex flex-col items-center gap-1 text-sm">
        <Button
          variant="tertiary"
          onClick={() => {
            setError(null);
            setBackup((value) => !value);
          }}
        >
          {backup ? messages.twoFactorUseAuthenticator : messages.twoFactorUseBackupCode}
        </Button>
        <Button variant="tertiary" onClick={onRestart}>
          {messages.backToSignIn}
        </Button>
      </div>
    </div>
  );
}
