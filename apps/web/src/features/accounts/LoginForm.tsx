"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { messages, safeRedirectTarget } from "@vn/contract";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Input } from "@/components/ui/Input";
import { api } from "@/lib/api";
import { cleanSubmit, submitErrorMessage } from "@/lib/forms";
import { routes } from "@/lib/paths";
import { fetchSessionUser, SESSION_KEY, type SessionUser, useSession } from "@/lib/session";
import { type SignIn, type SignInInput, signInSchema } from "./sign-in-schema";

/** Where to go once signed in: the ?redirect target if it is ours (§5), else the user's home. */
function destination(redirect: string | null, user: SessionUser | null): string {
  const safe = safeRedirectTarget(redirect, window.location.origin);
  if (safe && !safe.startsWith(routes.login) && !safe.startsWith(routes.logout)) return safe;
  return user ? routes.userHome(user.slug) : routes.home;
}

export function LoginForm() {
  const router = useRouter();
  const redirect = useSearchParams().get("redirect");
  const { mutate } = useSWRConfig();
  const session = useSession();
  const [serverError, setServerError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<SignInInput, unknown, SignIn>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });

  // Someone already signed in does not need this page.
  useEffect(() => {
    if (session.user) router.replace(destination(redirect, session.user));
  }, [session.user, redirect, router]);

  const onSubmit = cleanSubmit(async (values: SignIn) => {
    setServerError(null);
    try {
      await api.post("/auth/sign-in/email", { email: values.email, password: values.password });
    } catch (error) {
      setServerError(submitErrorMessage(error));
      throw error; // keeps react-hook-form's isSubmitSuccessful false
    }
    const user = await fetchSessionUser().catch(() => null);
    await mutate(SESSION_KEY, user, { revalidate: false });
    router.replace(destination(redirect, user));
  });

  const busy = isSubmitting || isSubmitSuccessful;

  return (
    <div className="w-full rounded-card bg-surface p-6 shadow-card sm:p-8">
      <h1 className="text-[2rem] leading-tight font-semibold text-ink">{messages.signInTitle}</h1>
      <p className="mt-1 text-sm text-ink-muted">{messages.signInSubtitle}</p>

      {serverError ? (
        <div
          role="alert"
          className="mt-5 flex items-start gap-2.5 rounded-lg bg-danger-soft px-3.5 py-3 text-sm font-medium text-danger"
        >
          <Icon name="alert" size={20} className="mt-px shrink-0" />
          <span>{serverError}</span>
        </div>
      ) : null}

      <form
        className="mt-6 flex flex-col gap-5"
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event).catch(() => undefined)}
      >
        <Input
          label={messages.emailLabel}
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register("email")}
        />
        <Input
          label={messages.passwordLabel}
          type={showPassword ? "text" : "password"}
          autoComplete="current-password"
          error={errors.password?.message}
          trailing={
            <button
              type="button"
              onClick={() => setShowPassword((value) => !value)}
              className="inline-flex min-h-10 cursor-pointer items-center rounded-full px-3 text-sm font-semibold text-brand hover:bg-brand-soft"
              aria-label={showPassword ? messages.hidePassword : messages.showPassword}
            >
              {showPassword ? "Hide" : "Show"}
            </button>
          }
          {...register("password")}
        />
        <Button type="submit" size="lg" block disabled={busy} aria-busy={busy}>
          {busy ? messages.signInSubmitting : messages.signIn}
        </Button>
      </form>

      <div className="mt-6 flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <p className="mt-5 text-center text-[0.95rem] text-ink">
        {messages.signInNewHere}{" "}
        <Link href={routes.createProfile} className="font-semibold text-brand hover:underline">
          {messages.joinNow}
        </Link>
      </p>
    </div>
  );
}
