"use client";

import type { signInRequestSchema } from "@vn/contract";
import { format } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { EmailInput } from "@/components/ui/EmailInput";
import { Link } from "@/components/ui/Link";
import { cleanSubmit } from "@/lib/forms";
import { lazyResolver } from "@/lib/lazy-resolver";
import { routes } from "@/lib/paths";
import { currentPath, safeBack } from "./current-path";
import { PasswordInput } from "./PasswordInput";
import type { SignInPromptRequest } from "./pending-intent";
import { signInWithPassword } from "./sign-in";

type SignInInput = z.input<typeof signInRequestSchema>;
type SignIn = z.output<typeof signInRequestSchema>;

/** Loaded on the first validation: zod and the schema stay out of every page's first load. */
const signInResolver = lazyResolver<SignInInput, unknown, SignIn>(() =>
  import("./sign-in-resolver").then((module) => module.signInResolver),
);

function reasonOf(request: SignInPromptRequest | null): string {
  const name = request?.name ?? "";
  switch (request?.action) {
    case "follow":
      return format(commonMessages.signInDialogFollow, { name });
    case "react":
      return commonMessages.signInDialogReact;
    case "comment":
      return commonMessages.signInDialogComment;
    case "repost":
      return commonMessages.signInDialogRepost;
    case "message":
      return format(commonMessages.signInDialogMessage, { name });
    default:
      return commonMessages.signInSubtitle;
  }
}

function SignInDialogForm({
  request,
  onSignedIn,
  onElsewhere,
}: {
  request: SignInPromptRequest | null;
  onSignedIn: () => Promise<void>;
  /** The sign-in goes on elsewhere (the second factor, a deleted or unavailable account). */
  onElsewhere: (href: string) => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<SignInInput, unknown, SignIn>({
    resolver: signInResolver,
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = cleanSubmit(async (values: SignIn) => {
    setServerError(null);
    const result = await signInWithPassword(values.email, values.password);
    const back = routes.loginThenBack(currentPath());
    switch (result.kind) {
      case "signedIn":
        await onSignedIn();
        return;
      case "message":
        setServerError(result.text);
        break;
      case "notAvailable":
        onElsewhere(routes.notAvailableFor(result.email));
        break;
      // The second step, a deleted account's choices and an unfinished registration live on /login.
      case "secondFactor":
      case "deleted":
      case "registrationNotFinished":
        onElsewhere(back);
        break;
    }
    throw new Error("not signed in"); // keeps react-hook-form's isSubmitSuccessful false
  });

  const busy = isSubmitting || isSubmitSuccessful;
  const signUpHref = `${routes.signUp}&${new URLSearchParams({ redirect: request ? safeBack() : "/" }).toString()}`;

  return (
    <form
      className="flex flex-col gap-5"
      noValidate
      aria-label={commonMessages.signIn}
      onSubmit={(event) => void handleSubmit(onSubmit)(event).catch(() => undefined)}
    >
      {serverError ? <Alert>{serverError}</Alert> : null}
      <EmailInput
        // The dialog opens on the email field (Radix keeps focus that is already inside).
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
        <Link
          href="/login?mode=forgot"
          className="inline-flex min-h-10 items-center self-start rounded-full px-1 text-[0.95rem] font-semibold text-brand hover:underline"
        >
          {commonMessages.forgotPassword}
        </Link>
      </div>
      <Button type="submit" size="lg" block disabled={busy} aria-busy={busy}>
        {busy ? commonMessages.signInSubmitting : commonMessages.signIn}
      </Button>
      <p className="text-center text-[0.95rem] text-ink-muted">
        {commonMessages.signInDialogNoAccount}{" "}
        <Link href={signUpHref} className="font-semibold text-brand hover:underline">
          {commonMessages.joinNow}
        </Link>
      </p>
    </form>
  );
}

/** The dialog itself (issue 18), loaded by SignInDialogProvider on its first open: the dialog and
 * react-hook-form stay out of every page's first load. A closed dialog renders nothing. */
export function SignInDialogContent({
  open,
  onOpenChange,
  request,
  onSignedIn,
  onElsewhere,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  request: SignInPromptRequest | null;
  onSignedIn: () => Promise<void>;
  onElsewhere: (href: string) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={commonMessages.signInDialogTitle}
      description={reasonOf(request)}
      size="sm"
      fullOnMobile
    >
      {open ? <SignInDialogForm request={request} onSignedIn={onSignedIn} onElsewhere={onElsewhere} /> : null}
    </Dialog>
  );
}
