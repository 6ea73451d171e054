"use client";

import { accountsMessages } from "@vn/contract/messages/accounts";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRouter, useSearchParams } from "next/navigation";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Icon } from "@/components/ui/Icon";
import { Tabs } from "@/components/ui/Tabs";
import { api } from "@/lib/api-client";
import { routes } from "@/lib/paths";
import { fetchSessionUser, SESSION_KEY, type SessionUser, useSession } from "@/lib/session";
import { AlreadySignedIn } from "./AlreadySignedIn";
import type { AuthOutcome } from "./auth-outcomes";
import {
  DeletedAccountDialogs,
  EmailCodeStep,
  ForgotPasswordForm,
  preloadAuthSteps,
  SignUpForm,
  TwoFactorStep,
} from "./auth-steps";
import { destinationAfterSignIn, homeOfSignedIn } from "./destination";
import { InviteBanner } from "./InviteBanner";
import { SignInForm } from "./SignInForm";
import type { CodeSentInfo } from "./SignUpForm";

type Mode = "signin" | "signup" | "forgot";

function modeOf(value: string | null): Mode {
  return value === "signup" || value === "forgot" ? value : "signin";
}

interface CodeStep extends CodeSentInfo {
  notice: string | null;
}

function Heading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div>
      <h1 className="text-[1.75rem] leading-tight font-semibold text-balance text-ink">{title}</h1>
      {subtitle ? <p className="mt-1 text-[0.95rem] text-ink-muted">{subtitle}</p> : null}
    </div>
  );
}

function BackLink({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="-ml-2 inline-flex min-h-10 cursor-pointer items-center gap-1.5 self-start rounded-full px-2 text-sm font-semibold text-ink-muted hover:bg-black/5 hover:text-ink"
    >
      <Icon name="arrowLeft" size={18} />
      {accountsMessages.backToSignIn}
    </button>
  );
}

/**
 * /login: sign in and join in one place (spec §2), with the password reset request, the emailed
 * code step and the deleted-account dialogs. The query decides the start: ?mode=signup|forgot,
 * ?redirect= (where to go after), ?error=invalidToken, ?type=invite&code=… (kept for the sign-up),
 * ?intent=create-profile (join, then the wizard).
 */
export function AuthScreen() {
  const router = useRouter();
  const params = useSearchParams();
  const { mutate } = useSWRConfig();
  const snackbar = useSnackbar();
  const session = useSession();

  const mode = modeOf(params.get("mode"));
  const redirect = params.get("redirect");
  const intent = params.get("intent");
  const inviteCode = params.get("type") === "invite" ? params.get("code")?.trim() || null : null;
  const invalidToken = params.get("error") === "invalidToken";

  const [email, setEmail] = useState("");
  const [codeStep, setCodeStep] = useState<CodeStep | null>(null);
  const [deleted, setDeleted] = useState<{ email: string; restoreToken: string } | null>(null);
  /**
   * Issue 16: the password was right; the second factor's code comes next. `?step=two-factor`
   * opens here (a sign-in elsewhere, e.g. the sign-in dialog, already holds the challenge cookie).
   */
  const [twoFactor, setTwoFactor] = useState(() => params.get("step") === "two-factor");
  const leaving = useRef(false);
  const card = useRef<HTMLDivElement>(null);

  // The other steps' chunks start loading at the first pointer or key in the card (auth-steps.tsx).
  useEffect(() => {
    const element = card.current;
    if (!element) return;
    const options = { once: true, passive: true } as const;
    element.addEventListener("pointerover", preloadAuthSteps, options);
    element.addEventListener("keydown", preloadAuthSteps, options);
    return () => {
      element.removeEventListener("pointerover", preloadAuthSteps);
      element.removeEventListener("keydown", preloadAuthSteps);
    };
  }, []);

  const setMode = useCallback(
    (next: Mode, nextEmail?: string) => {
      if (nextEmail !== undefined) setEmail(nextEmail);
      const query = new URLSearchParams(params.toString());
      if (next === "signin") query.delete("mode");
      else query.set("mode", next);
      query.delete("error");
      const text = query.toString();
      router.replace(text ? `${routes.login}?${text}` : routes.login, { scroll: false });
    },
    [params, router],
  );

  const leave = useCallback(
    async (known?: SessionUser | null) => {
      leaving.current = true;
      const user = known ?? (await fetchSessionUser().catch(() => null));
      await mutate(SESSION_KEY, user, { revalidate: false });
      // An invitation followed by an existing member is accepted once they are signed in.
      if (user && inviteCode && !codeStep) {
        await api.accounts.acceptInvite({ body: { code: inviteCode } }).catch(() => undefined);
      }
      router.replace(destinationAfterSignIn(user, { redirect, intent, origin: window.location.origin }));
      // Pages kept by the router were rendered for a visitor (some from the shared anonymous
      // render, decision 0010): drop them, so Back shows this person's own render.
      router.refresh();
    },
    [mutate, inviteCode, codeStep, router, redirect, intent],
  );

  const onOutcome = (outcome: Exclude<AuthOutcome, { kind: "message" }>) => {
    if (outcome.kind === "deleted") setDeleted({ email: outcome.email, restoreToken: outcome.restoreToken });
    else if (outcome.kind === "notAvailable") router.push(routes.notAvailableFor(outcome.email));
    else {
      setCodeStep({
        email: outcome.email,
        expiresAt: null,
        codeSent: outcome.codeSent,
        notice: outcome.text,
      });
    }
  };

  const notAvailable = (address: string) => router.push(routes.notAvailableFor(address));

  // A session that started while the page was open (another tab): the sentence of §8, not the form
  // (the server page answers the same when the request already had one). Signing in here leaves.
  if (session.user && !leaving.current && !codeStep && !deleted && !twoFactor) {
    return <AlreadySignedIn home={homeOfSignedIn(session.user)} />;
  }

  let body: ReactNode;
  if (twoFactor) {
    body = (
      <div className="flex flex-col gap-6 pt-4">
        <Heading title={accountsMessages.twoFactorTitle} />
        <TwoFactorStep onSignedIn={() => leave()} onRestart={() => setTwoFactor(false)} />
      </div>
    );
  } else if (codeStep) {
    body = (
      <div className="flex flex-col gap-6 pt-4">
        <Heading title={accountsMessages.codeTitle} />
        <EmailCodeStep
          email={codeStep.email}
          expiresAt={codeStep.expiresAt}
          codeSent={codeStep.codeSent}
          notice={codeStep.notice}
          onVerified={() => leave()}
          onUseOtherEmail={() => {
            setCodeStep(null);
            setMode("signup", "");
          }}
        />
      </div>
    );
  } else if (mode === "forgot") {
    body = (
      <div className="flex flex-col gap-5 pt-2">
        <BackLink onClick={() => setMode("signin")} />
        <Heading title={accountsMessages.forgotTitle} subtitle={accountsMessages.forgotSubtitle} />
        <ForgotPasswordForm defaultEmail={email} onNotAvailable={notAvailable} />
      </div>
    );
  } else {
    body = (
      <Tabs
        label={accountsMessages.authModesLabel}
        value={mode}
        onValueChange={(value) => setMode(modeOf(value))}
        stretch
        listClassName="-mx-6 px-2 sm:-mx-8 sm:px-4"
        items={[
          {
            value: "signin",
            label: commonMessages.signIn,
            content: (
              <div className="flex flex-col gap-6 pt-2">
                <Heading title={accountsMessages.signInTitle} subtitle={commonMessages.signInSubtitle} />
                <SignInForm
                  key={`signin-${email}`}
                  defaultEmail={email}
                  onSignedIn={() => leave()}
                  onOutcome={onOutcome}
                  onForgotPassword={(value) => setMode("forgot", value)}
                  onTwoFactor={(value) => {
                    setEmail(value);
                    setTwoFactor(true);
                  }}
                />
              </div>
            ),
          },
          {
            value: "signup",
            label: commonMessages.joinNow,
            content: (
              <div className="flex flex-col gap-6 pt-2">
                <Heading title={accountsMessages.joinTitle} subtitle={accountsMessages.joinSubtitle} />
                {inviteCode ? <InviteBanner code={inviteCode} /> : null}
                <SignUpForm
                  key={`signup-${email}`}
                  defaultEmail={email}
                  inviteCode={inviteCode}
                  onCodeSent={(info) => setCodeStep({ ...info, notice: null })}
                  onOutcome={onOutcome}
                  onSignInInstead={(value) => setMode("signin", value)}
                />
              </div>
            ),
          },
        ]}
      />
    );
  }

  return (
    <div ref={card} className="w-full rounded-card bg-surface px-6 pt-4 pb-6 shadow-card sm:px-8 sm:pb-8">
      {invalidToken ? <Alert className="mt-3 mb-2">{sharedMessages.invalidToken}</Alert> : null}
      {body}
      {deleted ? (
        <DeletedAccountDialogs
          email={deleted.email}
          restoreToken={deleted.restoreToken}
          onClose={() => setDeleted(null)}
          onNotAvailable={notAvailable}
          onRestored={async (user) => {
            snackbar.show(accountsMessages.accountRestored, { tone: "success" });
            await leave(user);
          }}
          onRemoved={() => {
            setDeleted(null);
            snackbar.show(accountsMessages.accountRemoved, { tone: "success" });
            if (intent === "create-profile") router.replace(routes.createProfile);
            // Starting over is joining again with the same address: it is filled in.
            else setMode("signup", deleted.email);
          }}
        />
      ) : null}
    </div>
  );
}
