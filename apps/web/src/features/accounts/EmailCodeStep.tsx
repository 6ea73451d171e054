"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  emailCodeVerifyRequestSchema,
  format,
  ONE_TIME_CODE_LENGTH,
  ONE_TIME_CODE_TTL_MS,
} from "@vn/contract";
import { accountsMessages } from "@vn/contract/messages/accounts";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Input } from "@/components/ui/Input";
import { api } from "@/lib/api-client";
import { submitErrorMessage } from "@/lib/forms";
import { codeFailure } from "./auth-outcomes";
import { codeMsLeft, formatCountdown, resendSecondsLeft } from "./code-timer";
import { devOutboxUrl, useDevOutbox } from "./use-dev-outbox";

type CodeInput = z.input<typeof emailCodeVerifyRequestSchema>;
type CodeValues = z.output<typeof emailCodeVerifyRequestSchema>;

export interface EmailCodeStepProps {
  email: string;
  /** When the mailed code stops working (from the sign-up answer); null when not known. */
  expiresAt: string | null;
  /** False when the mail could not be handed over: ask for a new code at once. */
  codeSent: boolean;
  /** A sentence to show first (e.g. "Your registration is not finished…"). */
  notice?: string | null;
  /** The email is proven and the session cookie is set. */
  onVerified: () => Promise<void>;
  onUseOtherEmail: () => void;
}

const [sentBefore = "", sentAfter = ""] = sharedMessages.codeSent.split("{destination}");

/** Ticks once a second while mounted. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** The one-time code step of joining (spec §5: 6 characters, "Invalid code. Try again.", expiry, limited tries). */
export function EmailCodeStep({
  email,
  expiresAt,
  codeSent,
  notice,
  onVerified,
  onUseOtherEmail,
}: EmailCodeStepProps) {
  const now = useNow();
  const devOutbox = useDevOutbox();
  const [lastSentAt, setLastSentAt] = useState(() => (codeSent ? Date.now() : 0));
  const [expiry, setExpiry] = useState<string | null>(codeSent ? expiresAt : null);
  const [serverError, setServerError] = useState<string | null>(
    codeSent ? null : accountsMessages.codeNotSent,
  );
  const [info, setInfo] = useState<string | null>(null);
  const [needsNewCode, setNeedsNewCode] = useState(!codeSent);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    setFocus,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<CodeInput, unknown, CodeValues>({
    resolver: zodResolver(emailCodeVerifyRequestSchema),
    defaultValues: { email, code: "" },
  });

  const msLeft = codeMsLeft(expiry, now);
  const expired = expiry !== null && msLeft === 0;
  const cooldown = resendSecondsLeft(lastSentAt, now);

  const onSubmit = async (values: CodeValues) => {
    setServerError(null);
    setInfo(null);
    try {
      await api.accounts.verifyEmail({ body: { email: values.email, code: values.code } });
    } catch (error) {
      const failure = codeFailure(error);
      if (failure.needsNewCode) {
        setNeedsNewCode(true);
        setServerError(failure.text);
      } else {
        setError("code", { message: failure.text });
        setFocus("code");
      }
      throw error;
    }
    await onVerified();
  };

  const resend = async () => {
    setResending(true);
    setServerError(null);
    setInfo(null);
    try {
      await api.accounts.resendEmailCode({ body: { email } });
      setLastSentAt(Date.now());
      setExpiry(new Date(Date.now() + ONE_TIME_CODE_TTL_MS).toISOString());
      setNeedsNewCode(false);
      resetField("code");
      setInfo(accountsMessages.codeResent);
      setFocus("code");
    } catch (error) {
      setServerError(submitErrorMessage(error));
    } finally {
      setResending(false);
    }
  };

  const busy = isSubmitting || isSubmitSuccessful;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start gap-3 rounded-lg bg-brand-soft px-3.5 py-3 text-sm text-brand-strong">
        <Icon name="shield" size={20} className="mt-px shrink-0" />
        <p>
          {sentBefore}
          <strong className="font-semibold break-all">{email}</strong>
          {sentAfter}
        </p>
      </div>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {serverError ? <Alert>{serverError}</Alert> : null}
      {info ? <Alert tone="success">{info}</Alert> : null}

      <form
        className="flex flex-col gap-5"
        noValidate
        // Sent before the step's script runs, the fields never land in the address bar.
        method="post"
        aria-label={accountsMessages.codeTitle}
        onSubmit={(event) => void handleSubmit(onSubmit)(event).catch(() => undefined)}
      >
        <Input
          label={sharedMessages.codeLabel}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={ONE_TIME_CODE_LENGTH}
          className="[&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
          error={errors.code?.message}
          hint={
            expiry && !expired
              ? format(accountsMessages.codeExpiresIn, { time: formatCountdown(msLeft) })
              : expired
                ? commonMessages.codeExpired
                : undefined
          }
          {...register("code")}
        />
        <Button type="submit" size="lg" block disabled={busy || needsNewCode || expired} aria-busy={busy}>
          {busy ? sharedMessages.codeVerifying : accountsMessages.codeVerify}
        </Button>
      </form>

      <div className="flex flex-col items-center gap-1 text-sm">
        <Button
          variant={needsNewCode || expired ? "secondary" : "tertiary"}
          onClick={() => void resend()}
          disabled={cooldown > 0 || resending}
          aria-busy={resending}
        >
          {cooldown > 0
            ? format(sharedMessages.codeResendIn, { seconds: cooldown })
            : sharedMessages.codeResend}
        </Button>
        <Button variant="tertiary" onClick={onUseOtherEmail}>
          {accountsMessages.codeUseOtherEmail}
        </Button>
      </div>

      {devOutbox ? (
        <p className="rounded-lg border border-dashed border-line-strong px-3.5 py-3 text-sm text-ink-muted">
          {accountsMessages.devOutboxHint}{" "}
          <a
            href={devOutboxUrl(email)}
            target="_blank"
            rel="noreferrer"
            className="font-semibold text-brand underline underline-offset-2"
          >
            {accountsMessages.devOutboxLink}
          </a>
        </p>
      ) : null}
    </div>
  );
}
