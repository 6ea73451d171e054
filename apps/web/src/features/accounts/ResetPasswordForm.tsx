"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { format, PASSWORD_MIN, passwordResetFormSchema } from "@vn/contract";
import { accountsMessages } from "@vn/contract/messages/accounts";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { api } from "@/lib/api-client";
import { routes } from "@/lib/paths";
import { resetFailureMessage } from "./auth-outcomes";
import { PasswordInput } from "./PasswordInput";

interface ResetValues {
  token: string;
  newPassword: string;
  newPasswordConfirmation: string;
}

const forgotHref = `${routes.login}?mode=forgot`;

/** /login/reset-password?token=…: the page the mailed link opens (new password + confirmation). */
export function ResetPasswordForm() {
  const router = useRouter();
  const snackbar = useSnackbar();
  const token = useSearchParams().get("token")?.trim() ?? "";
  const [failure, setFailure] = useState<{ text: string; expired: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<ResetValues>({
    resolver: zodResolver(passwordResetFormSchema) as unknown as Resolver<ResetValues>,
    defaultValues: { token, newPassword: "", newPasswordConfirmation: "" },
  });

  const onSubmit = async (values: ResetValues) => {
    setFailure(null);
    try {
      await api.accounts.resetPassword({ body: { token: values.token, newPassword: values.newPassword } });
    } catch (error) {
      setFailure(resetFailureMessage(error));
      throw error;
    }
    router.replace(routes.login);
    snackbar.show(accountsMessages.resetDone, { tone: "success", on: routes.login });
  };

  const busy = isSubmitting || isSubmitSuccessful;
  const linkUnusable = !token || failure?.expired === true;

  return (
    <div className="w-full rounded-card bg-surface p-6 shadow-card sm:p-8">
      <h1 className="text-[1.75rem] leading-tight font-semibold text-ink sm:text-[2rem]">
        {accountsMessages.resetTitle}
      </h1>
      <p className="mt-1 text-[0.95rem] text-ink-muted">{accountsMessages.resetSubtitle}</p>

      {linkUnusable ? (
        <div className="mt-6 flex flex-col gap-5">
          <Alert>{token ? commonMessages.resetLinkExpired : sharedMessages.invalidToken}</Alert>
          <Button asChild size="lg" block>
            <Link href={forgotHref}>{accountsMessages.requestNewLink}</Link>
          </Button>
        </div>
      ) : (
        <form
          className="mt-6 flex flex-col gap-5"
          noValidate
          aria-label={accountsMessages.resetTitle}
          onSubmit={(event) => void handleSubmit(onSubmit)(event).catch(() => undefined)}
        >
          {failure ? <Alert>{failure.text}</Alert> : null}
          {errors.token?.message ? <Alert>{errors.token.message}</Alert> : null}
          <PasswordInput
            label={sharedMessages.newPasswordLabel}
            autoComplete="new-password"
            hint={format(sharedMessages.passwordHint, { count: PASSWORD_MIN })}
            error={errors.newPassword?.message}
            {...register("newPassword")}
          />
          <PasswordInput
            label={sharedMessages.newPasswordConfirmLabel}
            autoComplete="new-password"
            error={errors.newPasswordConfirmation?.message}
            {...register("newPasswordConfirmation")}
          />
          <Button type="submit" size="lg" block disabled={busy} aria-busy={busy}>
            {busy ? sharedMessages.saving : accountsMessages.resetSubmit}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link href={routes.login} className="font-semibold text-brand hover:underline">
          {accountsMessages.backToSignIn}
        </Link>
      </p>
    </div>
  );
}
