/**
 * What a visitor was doing when the sign-in dialog stopped them (issue 18): follow a profile, react
 * to or comment on a publication, repost it, message someone. Kept in sessionStorage (this tab
 * only) with the time it was asked, taken once after sign-in by the control it belongs to, and
 * forgotten after PENDING_INTENT_TTL_MS: it is never replayed twice, nor long after.
 */

export const intentActions = ["follow", "react", "comment", "repost", "message"] as const;
export type IntentAction = (typeof intentActions)[number];

/** What the visitor pressed: the action, its target and, for the sentence, whose it is. */
export interface SignInPromptRequest {
  action: IntentAction;
  target: string;
  kind?: string;
  /** The profile's name (follow, message). */
  name?: string;
}

export interface PendingIntent {
  action: IntentAction;
  /** The profile slug (follow, message) or the publication id (react, comment, repost). */
  target: string;
  /** The reaction kind of a react. */
  kind?: string;
  /** Where it was asked (path and query), so /login can bring the person back there. */
  path: string;
  /** Epoch milliseconds when it was asked. */
  at: number;
}

export const PENDING_INTENT_KEY = "vn.pendingIntent";
export const PENDING_INTENT_TTL_MS = 5 * 60 * 1000;

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function parse(raw: string | null): PendingIntent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingIntent>;
    if (
      typeof value.action !== "string" ||
      !(intentActions as readonly string[]).includes(value.action) ||
      typeof value.target !== "string" ||
      typeof value.at !== "number" ||
      typeof value.path !== "string"
    )
      return null;
    return value as PendingIntent;
  } catch {
    return null;
  }
}

export function savePendingIntent(store: Store, intent: Omit<PendingIntent, "at">, now = Date.now()): void {
  try {
    store.setItem(PENDING_INTENT_KEY, JSON.stringify({ ...intent, at: now }));
  } catch {
    // Storage full or refused (private mode): the action is simply not replayed.
  }
}

/** The kept intent if it is still fresh (an expired or unreadable one is dropped). */
export function peekPendingIntent(store: Store, now = Date.now()): PendingIntent | null {
  let intent: PendingIntent | null = null;
  try {
    intent = parse(store.getItem(PENDING_INTENT_KEY));
  } catch {
    return null;
  }
  if (!intent || now - intent.at > PENDING_INTENT_TTL_MS || intent.at > now + 60_000) {
    clearPendingIntent(store);
    return null;
  }
  return intent;
}

/** Takes (and so removes) the intent for this action and target, if there is a fresh one. */
export function takePendingIntent(
  store: Store,
  action: IntentAction,
  target: string,
  now = Date.now(),
): PendingIntent | null {
  const intent = peekPendingIntent(store, now);
  if (!intent || intent.action !== action || intent.target !== target) return null;
  clearPendingIntent(store);
  return intent;
}

export function clearPendingIntent(store: Store): void {
  try {
    store.removeItem(PENDING_INTENT_KEY);
  } catch {
    // Nothing to do.
  }
}

/** The browser's session storage, or null where there is none (server render, refused). */
export function sessionStore(): Store | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
