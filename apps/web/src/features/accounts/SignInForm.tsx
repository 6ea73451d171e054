"use client";

import type { signInRequestSchema } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { EmailInput } from "@/components/ui/EmailInput";
import { cleanSubmit } from "@/lib/forms";
import { lazyResolver } from "@/lib/lazy-resolver";
import type { AuthOutcome } from "./auth-outcomes";
import { PasswordInput } from "./PasswordInput";
import { signInWithPassword } from "./sign-in";

type SignInInput = z.input<typeof signInRequestSchema>;
type SignIn = z.output<typeof signInRequestSchema>;

/** Loaded on the first validation: zod and the schema stay out of every page's first load. */
const signInResolver = lazyResolver<SignInInput, unknown, SignIn>(() =>
  import("./sign-in-resolver").then((module) => module.signInResolver),
);

export interface SignInFormProps {
  /** Signed in: the cookie is set; the screen loads the session and moves on. */
  onSignedIn: () => Promise<void>;
  /** Anything but a plain message: deleted, not available, registration not finished. */
  onOutcome: (outcome: Exclude<AuthOutcome, { kind: "message" }>) => void;
  onForgotPassword: (email: string) => void;
  /** Issue 16: the password was right and the account has a second factor on: its code comes next. */
  onTwoFactor: (email: string) => void;
  defaultEmail?: string;
}

export function SignInForm({
  onSignedIn,
  onOutcome,
  onForgotPassword,
  onTwoFactor,
  defaultEmail = "",
}: SignInFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<SignInInput, unknown, SignIn>({
    resolver: signInResolver,
    defaultValues: { email: defaultEmail, password: "" },
  });

  const onSubmit = cleanSubmit(async (values: SignIn) => {
    setServerError(null);
    // The same call and reading of its answer as the sign-in dialog's (sign-in.ts).
    const result = await signInWithPassword(values.email, values.password);
    if (result.kind === "signedIn") {
      await onSignedIn();
      return;
    }
    if (result.kind === "secondFactor") {
      onTwoFactor(values.email);
      return;
    }
    if (result.kind === "message") setServerError(result.text);
    else onOutcome(result);
    throw new Error(result.kind); // keeps react-hook-form's isSubmitSuccessful false
  });

  const busy = isSubmitting || isSubmitSuccessful;

  return (
    <form
      className="flex flex-col gap-5"
      noValidate
      // Sent before the page's script runs, the fields never land in the address bar.
      method="post"
      aria-label={commonMessages.signIn}
      onSubmit={(event) => void handleSubmit(onSubmit)(event).catch(() => undefined)}
    >
      {serverError ? <Alert>{serverError}</Alert> : null}
      <EmailInput
        // The page opens for typing the address (issue 18).
        autoFocus
        error={errors.email?.message}
        {...register("email")}
      />
      <div className="flex flex-col gap-2">
        <PasswordInput
          label={commonMessages.passwordLabel}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <button
          type="button"
          onClick={() => onForgotPassword(String(getValues("email") ?? "").trim())}
          className="inline-flex min-h-10 cursor-pointer items-center self-start rounded-full px-1 text-[0.95rem] font-semibold text-brand hover:underline"
        >
          {commonMessages.forgotPassword}
        </button>
      </div>
      <Button type="submit" size="lg" block disabled={busy} aria-busy={busy}>
        {busy ? commonMessages.signInSubmitting : commonMessages.signIn}
      </Button>
    </form>
  );
}
