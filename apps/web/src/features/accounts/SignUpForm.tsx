"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { format, PASSWORD_MIN, type SignUpRequest, signUpFormSchema } from "@vn/contract";
import { accountsMessages } from "@vn/contract/messages/accounts";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { type ReactNode, useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Checkbox } from "@/components/ui/Checkbox";
import { EmailInput } from "@/components/ui/EmailInput";
import { Input } from "@/components/ui/Input";
import { Link } from "@/components/ui/Link";
import { api } from "@/lib/api-client";
import { cleanSubmit } from "@/lib/forms";
import { routes } from "@/lib/paths";
import { useHydrated } from "@/lib/use-hydrated";
import { type AuthOutcome, accountCreationOutcome } from "./auth-outcomes";
import { blocksSubmit, emailFeedback } from "./email-check";
import { FieldFeedback } from "./FieldFeedback";
import { PasswordInput } from "./PasswordInput";
import { passwordMismatch } from "./password-match";
import { useEmailCheck } from "./use-email-check";

/** What the form holds; checkboxes start unticked, which the schema's `true` literal refuses. */
interface SignUpValues {
  name: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  acceptTerms: boolean;
  acceptPrivacy: boolean;
}

type SignUpOutput = SignUpRequest & { passwordConfirmation: string };

export interface CodeSentInfo {
  email: string;
  expiresAt: string | null;
  codeSent: boolean;
}

export interface SignUpFormProps {
  /** The account exists; a code was mailed to prove the email. */
  onCodeSent: (info: CodeSentInfo) => void;
  onOutcome: (outcome: Exclude<AuthOutcome, { kind: "message" }>) => void;
  onSignInInstead: (email: string) => void;
  /** An invitation code from the link (type=invite&code=…), sent along so it is honoured. */
  inviteCode?: string | null;
  /** The address to start from (the one whose deleted account was just removed). */
  defaultEmail?: string;
}

/** The catalogue's consent sentence with the document's name as a link (opens in a new tab, so the form stays). */
function withLink(sentence: string, phrase: string, href: string): ReactNode {
  const at = sentence.indexOf(phrase);
  if (at < 0) return sentence;
  return (
    <>
      {sentence.slice(0, at)}
      <Link
        href={href}
        target="_blank"
        className="font-semibold text-brand underline underline-offset-2 hover:text-brand-strong"
      >
        {phrase}
      </Link>
      {sentence.slice(at + phrase.length)}
    </>
  );
}

export function SignUpForm({
  onCodeSent,
  onOutcome,
  onSignInInstead,
  inviteCode,
  defaultEmail = "",
}: SignUpFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const [emailTouched, setEmailTouched] = useState(false);
  const [confirmationLeft, setConfirmationLeft] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    setError,
    setFocus,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<SignUpValues, unknown, SignUpOutput>({
    resolver: zodResolver(signUpFormSchema) as unknown as Resolver<SignUpValues, unknown, SignUpOutput>,
    defaultValues: {
      name: "",
      email: defaultEmail,
      password: "",
      passwordConfirmation: "",
      acceptTerms: false,
      acceptPrivacy: false,
    },
  });

  const email = useWatch({ control, name: "email" });
  const emailState = useEmailCheck(email);
  const feedback = emailFeedback(emailState, emailTouched || submitCount > 0);
  const emailRegistration = register("email");
  const confirmationRegistration = register("passwordConfirmation");
  const [password, confirmation] = useWatch({ control, name: ["password", "passwordConfirmation"] });
  const confirmationError =
    errors.passwordConfirmation?.message ??
    passwordMismatch(password, confirmation, confirmationLeft) ??
    undefined;

  const onSubmit = cleanSubmit(async (values: SignUpOutput) => {
    setServerError(null);
    if (blocksSubmit(emailState)) {
      setFocus("email");
      throw new Error("email in use");
    }
    let answer: Awaited<ReturnType<typeof api.accounts.signUp>>;
    try {
      answer = await api.accounts.signUp({
        body: {
          email: values.email,
          password: values.password,
          name: values.name,
          acceptTerms: true,
          acceptPrivacy: true,
          ...(inviteCode ? { inviteCode } : {}),
        },
      });
    } catch (error) {
      const outcome = accountCreationOutcome(error, values.email);
      if (outcome.kind === "message") {
        setServerError(outcome.text);
        if (outcome.text === accountsMessages.emailAlreadyLinked)
          setError("email", { message: outcome.text });
      } else onOutcome(outcome);
      throw error;
    }
    onCodeSent({
      email: values.email,
      expiresAt: answer.verification?.expiresAt ?? null,
      codeSent: answer.verification?.codeSent !== false,
    });
  });

  // The live check's verdicts ("used", a malformed address) are errors of the field, like the schema's.
  const emailError = errors.email?.message ?? (feedback?.tone === "error" ? feedback.text : undefined);

  return (
    <form
      className="flex flex-col gap-5"
      noValidate
      // Sent before the step's script runs, the fields never land in the address bar.
      method="post"
      aria-label={commonMessages.joinNow}
      onSubmit={(event) => void handleSubmit(onSubmit)(event).catch(() => undefined)}
    >
      {serverError ? <Alert>{serverError}</Alert> : null}
      <Input
        label={sharedMessages.nameLabel}
        autoComplete="name"
        autoCapitalize="words"
        error={errors.name?.message}
        disabled={!hydrated}
        {...register("name")}
      />
      <div className="flex flex-col gap-1.5">
        <EmailInput
          error={emailError}
          hint={
            feedback && feedback.tone !== "error" ? (
              <FieldFeedback tone={feedback.tone} text={feedback.text} />
            ) : null
          }
          disabled={!hydrated}
          {...emailRegistration}
          onBlur={(event) => {
            setEmailTouched(true);
            void emailRegistration.onBlur(event);
          }}
        />
        {feedback?.offerSignIn ? (
          <button
            type="button"
            onClick={() => onSignInInstead(email.trim())}
            className="inline-flex min-h-10 cursor-pointer items-center self-start rounded-full px-1 text-sm font-semibold text-brand hover:underline"
          >
            {accountsMessages.emailSignInInstead}
          </button>
        ) : null}
      </div>
      <PasswordInput
        label={commonMessages.passwordLabel}
        autoComplete="new-password"
        hint={format(sharedMessages.passwordHint, { count: PASSWORD_MIN })}
        error={errors.password?.message}
        disabled={!hydrated}
        {...register("password")}
      />
      <PasswordInput
        label={accountsMessages.passwordConfirmLabel}
        autoComplete="new-password"
        error={confirmationError}
        disabled={!hydrated}
        {...confirmationRegistration}
        onBlur={(event) => {
          setConfirmationLeft(true);
          void confirmationRegistration.onBlur(event);
        }}
      />
      <div className="flex flex-col gap-3">
        <Checkbox
          label={withLink(accountsMessages.consentTerms, "Terms of Service", routes.terms)}
          error={errors.acceptTerms?.message}
          disabled={!hydrated}
          {...register("acceptTerms")}
        />
        <Checkbox
          label={withLink(accountsMessages.consentPrivacy, "Privacy Policy", routes.privacy)}
          error={errors.acceptPrivacy?.message}
          disabled={!hydrated}
          {...register("acceptPrivacy")}
        />
      </div>
      <Button type="submit" size="lg" block disabled={!hydrated || isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? accountsMessages.joinSubmitting : accountsMessages.joinSubmit}
      </Button>
    </form>
  );
}
