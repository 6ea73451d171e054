"use client";

import dynamic from "next/dynamic";
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
import { useSWRConfig } from "swr";
import { routes } from "@/lib/paths";
import { fetchSessionUser, SESSION_KEY, useSession } from "@/lib/session";
import { currentPath, safeBack } from "./current-path";
import {
  clearPendingIntent,
  type IntentAction,
  type PendingIntent,
  type SignInPromptRequest,
  savePendingIntent,
  sessionStore,
  takePendingIntent,
} from "./pending-intent";

export type { SignInPromptRequest } from "./pending-intent";

/** The dialog, its form and react-hook-form load on the first prompt (see SignInDialogContent). */
const SignInDialogContent = dynamic(
  () => import("./SignInDialogContent").then((module) => module.SignInDialogContent),
  { ssr: false },
);

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

function isProfileNotCompleted(status: string): boolean {
  return status === "profile-not-completed" || status === "profile_not_completed";
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
  // Once opened, the dialog stays mounted (its closing animation, a quick reopening).
  const [opened, setOpened] = useState(false);
  // The page's render for the person (router.refresh in a transition): pending until it lands.
  const [refreshing, startRefresh] = useTransition();
  const [awaitingRefresh, setAwaitingRefresh] = useState(false);
  useEffect(() => {
    if (!refreshing) setAwaitingRefresh(false);
  }, [refreshing]);

  // A press made before the session is known (the shared anonymous render, hydrated before
  // GET /users/me answers) is not a visitor's yet: the intent is kept and the dialog waits for the
  // answer. A visitor gets the dialog. Signed in after all, it goes on as after a sign-in in the
  // dialog: the page is rendered for the person, then the control replays the kept intent
  // (replayReady stays false while waiting, so neither runs before).
  const session = useSession();
  const sessionUnknown = useRef(session.isLoading);
  sessionUnknown.current = session.isLoading;
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!waiting || session.isLoading) return;
    setWaiting(false);
    if (session.user) {
      setAwaitingRefresh(true);
      startRefresh(() => router.refresh());
      return;
    }
    setOpened(true);
    setOpen(true);
  }, [waiting, session.isLoading, session.user, router]);

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
    if (sessionUnknown.current) {
      setWaiting(true);
      return;
    }
    setOpened(true);
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

  const replayReady = !refreshing && !awaitingRefresh && !waiting;
  const value = useMemo(() => ({ prompt, replayReady }), [prompt, replayReady]);
  return (
    <SignInPromptContext.Provider value={value}>
      {children}
      {opened ? (
        <SignInDialogContent
          open={open}
          onOpenChange={close}
          request={request}
          onSignedIn={onSignedIn}
          onElsewhere={onElsewhere}
        />
      ) : null}
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
