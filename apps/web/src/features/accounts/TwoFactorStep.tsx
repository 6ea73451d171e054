"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { twoFactorBackupCodeRequestSchema, twoFactorConfirmRequestSchema } from "@vn/contract";
import { accountsMessages } from "@vn/contract/messages/accounts";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Input } from "@/components/ui/Input";
import { api } from "@/lib/api-client";
import { twoFactorFailure } from "./auth-outcomes";
import { TotpCodeInput } from "./TotpCodeInput";

/** Both kinds of code are one `code` field (each schema trims and checks its own shape). */
type CodeInput = z.input<typeof twoFactorConfirmRequestSchema>;
type CodeValues = z.output<typeof twoFactorConfirmRequestSchema>;

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

/** The two kinds of code a sign-in takes: what each checks, sends and asks. */
const codeKinds = {
  totp: {
    schema: twoFactorConfirmRequestSchema,
    send: (code: string) => api.accounts.twoFactorVerifyTotp({ body: { code } }),
  },
  backup: {
    schema: twoFactorBackupCodeRequestSchema,
    send: (code: string) => api.accounts.twoFactorVerifyBackupCode({ body: { code } }),
  },
} as const;

function CodeForm({ kind, ...props }: CodeFormProps & { kind: keyof typeof codeKinds }) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<CodeInput, unknown, CodeValues>({
    resolver: zodResolver(codeKinds[kind].schema),
    defaultValues: { code: "" },
  });
  const submit = useSubmit(codeKinds[kind].send, props, (text) => {
    setError("code", { message: text });
    setFocus("code");
  });
  const busy = isSubmitting || isSubmitSuccessful;
  const field = { autoFocus: true, error: errors.code?.message, ...register("code") };
  return (
    <form
      className="flex flex-col gap-5"
      noValidate
      // Sent before the step's script runs, the fields never land in the address bar.
      method="post"
      aria-label={accountsMessages.twoFactorTitle}
      onSubmit={(event) => void handleSubmit((values) => submit(values.code))(event).catch(() => undefined)}
    >
      {kind === "totp" ? (
        <TotpCodeInput className="[&_input]:text-2xl [&_input]:tracking-[0.4em]" {...field} />
      ) : (
        <Input
          label={accountsMessages.twoFactorBackupCodeLabel}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="[&_input]:font-mono [&_input]:text-lg"
          {...field}
        />
      )}
      <Button type="submit" size="lg" block disabled={busy || props.disabled} aria-busy={busy}>
        {busy ? sharedMessages.codeVerifying : accountsMessages.twoFactorVerify}
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
        <p>{backup ? accountsMessages.twoFactorBackupIntro : accountsMessages.twoFactorIntro}</p>
      </div>
      {lost ? (
        <Alert>
          <span className="flex flex-col items-start gap-2">
            {lost}
            <Button variant="secondary" onClick={onRestart}>
              {accountsMessages.backToSignIn}
            </Button>
          </span>
        </Alert>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <CodeForm key={backup ? "backup" : "totp"} kind={backup ? "backup" : "totp"} {...formProps} />
      <div className="flex flex-col items-center gap-1 text-sm">
        <Button
          variant="tertiary"
          onClick={() => {
            setError(null);
            setBackup((value) => !value);
          }}
        >
          {backup ? accountsMessages.twoFactorUseAuthenticator : accountsMessages.twoFactorUseBackupCode}
        </Button>
        <Button variant="tertiary" onClick={onRestart}>
          {accountsMessages.backToSignIn}
        </Button>
      </div>
    </div>
  );
}
