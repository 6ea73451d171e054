"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { passwordResetRequestSchema } from "@vn/contract";
import { accountsMessages } from "@vn/contract/messages/accounts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { EmailInput } from "@/components/ui/EmailInput";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { cleanSubmit, submitErrorMessage } from "@/lib/forms";
import { useHydrated } from "@/lib/use-hydrated";

type ForgotInput = z.input<typeof passwordResetRequestSchema>;
type ForgotValues = z.output<typeof passwordResetRequestSchema>;

export interface ForgotPasswordFormProps {
  defaultEmail?: string;
  onNotAvailable: (email: string) => void;
}

/** "Forgot password?": mails a link to /login/reset-password?token=… (spec §2, issue: reset by link). */
export function ForgotPasswordForm({ defaultEmail = "", onNotAvailable }: ForgotPasswordFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotInput, unknown, ForgotValues>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = cleanSubmit(async (values: ForgotValues) => {
    setServerError(null);
    setSent(null);
    try {
      const answer = await api.accounts.requestPasswordReset({ body: { email: values.email } });
      setSent(answer.message ?? accountsMessages.resetLinkSent);
    } catch (error) {
      if (error instanceof ApiError && error.code === "account_unavailable") onNotAvailable(values.email);
      else setServerError(submitErrorMessage(error));
    }
  });

  return (
    <form
      className="flex flex-col gap-5"
      noValidate
      // Sent before the step's script runs, the fields never land in the address bar.
      method="post"
      aria-label={accountsMessages.forgotTitle}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      {serverError ? <Alert>{serverError}</Alert> : null}
      {sent ? <Alert tone="success">{sent}</Alert> : null}
      <EmailInput error={errors.email?.message} disabled={!hydrated} {...register("email")} />
      <Button type="submit" size="lg" block disabled={!hydrated || isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? accountsMessages.sendingResetLink : accountsMessages.sendResetLink}
      </Button>
    </form>
  );
}
