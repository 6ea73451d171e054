"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { format, PASSWORD_MIN, passwordChangeFormSchema } from "@vn/contract";
import { settingsMessages } from "@vn/contract/messages/settings";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { PasswordInput } from "@/features/accounts/PasswordInput";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { fieldErrorsOf, submitErrorMessage } from "@/lib/forms";

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  newPasswordConfirmation: string;
}

const empty: PasswordValues = { currentPassword: "", newPassword: "", newPasswordConfirmation: "" };

/** PATCH /users/me/password: every other session ends, this one stays. */
export function PasswordChangeForm() {
  const snackbar = useSnackbar();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({
    resolver: zodResolver(passwordChangeFormSchema) as unknown as Resolver<PasswordValues>,
    defaultValues: empty,
  });

  const onSubmit = async (values: PasswordValues) => {
    setServerError(null);
    setDone(false);
    try {
      await api.accounts.changePassword({
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === "user_wrongPassword") {
        setError(
          "currentPassword",
          { message: settingsMessages.wrongCurrentPassword },
          { shouldFocus: true },
        );
        return;
      }
      const fields = fieldErrorsOf(error);
      const known = Object.keys(fields).filter((field) => field in empty);
      for (const field of known) setError(field as keyof PasswordValues, { message: fields[field] });
      if (known.length === 0) setServerError(submitErrorMessage(error));
      return;
    }
    reset(empty);
    setDone(true);
    snackbar.show(sharedMessages.passwordChanged, { tone: "success" });
  };

  return (
    <form className="flex flex-col gap-5" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      {serverError ? <Alert>{serverError}</Alert> : null}
      {done ? <Alert tone="success">{sharedMessages.passwordChanged}</Alert> : null}
      <PasswordInput
        label={settingsMessages.currentPasswordLabel}
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
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
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className="max-sm:w-full">
          {isSubmitting ? settingsMessages.changingPassword : settingsMessages.changePassword}
        </Button>
      </div>
    </form>
  );
}
