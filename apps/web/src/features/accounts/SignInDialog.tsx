"use client";

import type { signInRequestSchema } from "@vn/contract";
import { format, safeRedirectTarget } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import Link from "next/link";
import { useRouter } from "next/navigation";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useTransition,
} from "react";
import { useForm } from "react-hook-form";
import { useSWRConfig } from "swr";
import type { z } from "zod";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { EmailInput } from "@/components/ui/EmailInput";
import { cleanSubmit } from "@/lib/forms";
import { lazyResolver } from "@/lib/lazy-resolver";
import { routes } from "@/lib/paths";
import { fetchSessionUser, SESSION_KEY, useSession } from "@/lib/session";
import { PasswordInput } from "./PasswordInput";
import {
  clearPendingIntent,
  type IntentAction,
  type PendingIntent,
  savePendingIntent,
  sessionStore,
  takePendingIntent,
} from "./pending-intent";
import { signInWithPassword } from "./sign-in";

type SignInInput = z.input<typeof signInRequestSchema>;
type SignIn = z.output<typeof signInRequestSchema>;

/** Loaded on the first validation: zod and the schema stay out of every page's first load. */
const signInResolver = lazyResolver<SignInInput, unknown, SignIn>(() =>
  import("./sign-in-resolver").then((module) => module.signInResolver),
);

/** What the visitor pressed: the action, its target and, for the sentence, whose it is. */
export interface SignInPromptRequest {
  action: IntentAction;
  target: string;
  kind?: string;
  /** The profile's name (follow, message). */
  name?: string;
}

interface SignInPromptValue {
  /** Keeps the intent and opens the sign-in dialog. */
  prompt: (request: SignInPromptRequest) => void;
  /**
   * False while the page is rendered again for the person who just signed in: a control that
   * took the intent before that render lands could be mounted anew by it and lose what it opened
   * (the focused comment box, the repost form).
   */
  replayReady: boolean;
}

const SignInPromptContext = createContext<SignInPromptValue | null>(null);

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

/** The current page (path and query), checked against our own origin before it is used. */
function currentPath(): string {
  return (
    safeRedirectTarget(`${window.location.pathname}${window.location.search}`, window.location.origin) ?? "/"
  );
}

function isProfileNotCompleted(status: string): boolean {
  return status === "profile-not-completed" || status === "profile_not_completed";
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

function safeBack(): string {
  return typeof window === "undefined" ? "/" : currentPath();
}

/**
 * The sign-in dialog (§2 global overlays, issue 18): a visitor who presses follow, react, comment,
 * repost or message signs in here, in place. The intent is kept first (pending-intent.ts), so once
 * signed in the page is rendered for them again and the control they pressed finishes what they
 * began (useIntentReplay); a message goes straight to the messenger. An unfinished profile goes to
 * its wizard instead (the access rules win), and the second factor is asked on /login, which
 * brings them back here.
 */
export function SignInDialogProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [request, setRequest] = useState<SignInPromptRequest | null>(null);
  const [open, setOpen] = useState(false);
  // The page's render for the person (router.refresh in a transition): pending until it lands.
  const [refreshing, startRefresh] = useTransition();
  const [awaitingRefresh, setAwaitingRefresh] = useState(false);
  useEffect(() => {
    if (!refreshing) setAwaitingRefresh(false);
  }, [refreshing]);

  const prompt = useCallback((next: SignInPromptRequest) => {
    const store = sessionStore();
    if (store)
      savePendingIntent(store, {
        action: next.action,
        target: next.target,
        ...(next.kind ? { kind: next.kind } : {}),
        path: currentPath(),
      });
    setRequest(next);
    setOpen(true);
  }, []);

  const close = (next: boolean) => {
    setOpen(next);
    // Closed without signing in: nothing is to happen later.
    if (!next) {
      const store = sessionStore();
      if (store) clearPendingIntent(store);
    }
  };

  const onSignedIn = async () => {
    // Said before the session lands, so the anonymous render's own refresh on sign-in
    // (AnonymousRenderRefresh) leaves the page's render to the one below: a second refresh
    // landing after the replay remounted the page and lost what the person began typing.
    setAwaitingRefresh(true);
    const user = await fetchSessionUser().catch(() => null);
    await mutate(SESSION_KEY, user, { revalidate: false });
    // What the page asked as a visitor (the comments dialog's canComment, reactions…) is asked
    // again as the person; the answers replace the visitor's as they come.
    void mutate((key) => key !== SESSION_KEY);
    setOpen(false);
    const store = sessionStore();
    if (user && isProfileNotCompleted(user.status.id)) {
      // The onboarding redirect wins; the action is not kept for later.
      if (store) clearPendingIntent(store);
      setAwaitingRefresh(false);
      router.replace(routes.createProfileForm);
      return;
    }
    if (request?.action === "message" && store) {
      const intent = takePendingIntent(store, "message", request.target);
      if (intent) {
        setAwaitingRefresh(false);
        router.push(`${routes.chats}?${new URLSearchParams({ with: intent.target }).toString()}`);
        return;
      }
    }
    // The page was rendered for a visitor (maybe the shared anonymous render): render it again
    // for this person; once that has landed, the controls replay the intent.
    startRefresh(() => router.refresh());
  };

  const onElsewhere = (href: string) => {
    setOpen(false);
    router.push(href);
  };

  const replayReady = !refreshing && !awaitingRefresh;
  const value = useMemo(() => ({ prompt, replayReady }), [prompt, replayReady]);
  return (
    <SignInPromptContext.Provider value={value}>
      {children}
      <Dialog
        open={open}
        onOpenChange={close}
        title={commonMessages.signInDialogTitle}
        description={reasonOf(request)}
        size="sm"
        fullOnMobile
      >
        {open ? (
          <SignInDialogForm request={request} onSignedIn={onSignedIn} onElsewhere={onElsewhere} />
        ) : null}
      </Dialog>
    </SignInPromptContext.Provider>
  );
}

/** Opens the sign-in dialog (outside the provider, as in isolated renders: /login instead). */
export function useSignInPrompt(): SignInPromptValue {
  const context = useContext(SignInPromptContext);
  const router = useRouter();
  return (
    context ?? {
      prompt: () => router.push(routes.loginThenBack(safeBack())),
      replayReady: true,
    }
  );
}

/**
 * Finishes, once, what a visitor began before signing in: when `ready` (signed in, the control's
 * data known), the kept intent for this action and target is taken (removed) and `run` is called
 * with it — after the page's render for the person has landed (replayReady). Taking removes it,
 * so a re-render, a second control or a reload never repeats it.
 */
export function useIntentReplay(
  action: IntentAction,
  target: string,
  ready: boolean,
  run: (intent: PendingIntent) => void,
): void {
  const { user } = useSession();
  const replayReady = useContext(SignInPromptContext)?.replayReady ?? true;
  const latest = useRef(run);
  latest.current = run;
  const signedIn = user !== null;
  useEffect(() => {
    if (!ready || !signedIn || !replayReady) return;
    const store = sessionStore();
    const intent = store ? takePendingIntent(store, action, target) : null;
    if (intent) latest.current(intent);
  }, [action, target, ready, signedIn, replayReady]);
}
