"use client";

import { usePathname } from "next/navigation";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { SnackbarTone } from "@/components/ui/Snackbar";
import { deferredModule, useDeferredModule } from "@/lib/use-deferred-module";
import type { SnackbarEntry } from "./SnackbarStack";
import { SnackbarViewport } from "./SnackbarViewport";

export interface SnackbarOptions {
  tone?: SnackbarTone;
  /**
   * A path the message is for (the page a navigation started just before is going to): it is
   * shown once that page is on screen, so its 5 seconds are not spent while a slow page loads.
   */
  on?: string;
}

export interface SnackbarApi {
  show: (message: string, options?: SnackbarOptions) => void;
}

/** A message waiting for its page is shown anyway after this long (a navigation that never ended). */
const PENDING_LIMIT_MS = 30_000;

interface PendingEntry {
  message: string;
  tone: SnackbarTone;
  /** The page it is for, and the one it was asked on: a navigation to anywhere else also ends the wait. */
  on: string;
  from: string;
}

function samePath(a: string, b: string): boolean {
  const decode = (path: string) => {
    try {
      return decodeURIComponent(path);
    } catch {
      return path;
    }
  };
  return decode(a) === decode(b);
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

/** Radix Toast and the snackbar itself load with the first message, not with the page. */
const stackModule = deferredModule(() => import("./SnackbarStack").then((module) => module.SnackbarStack));

let nextId = 1;

/**
 * The app's one snackbar stack (spec §2 global overlays). It lives in the root layout, so a
 * message shown just before a client navigation (/logout → /login) stays on screen after it.
 * Until the first message, an empty viewport with Radix's markup stands in for the stack.
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<SnackbarEntry[]>([]);
  const [Stack, loadStack] = useDeferredModule(stackModule);

  const pathname = usePathname();
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;
  const [pending, setPending] = useState<PendingEntry[]>([]);

  const append = useCallback((message: string, tone: SnackbarTone) => {
    const entry = { id: nextId++, message, tone, open: true };
    // At most three at once; the oldest goes first.
    setEntries((current) => [...current.filter((item) => item.open).slice(-2), entry]);
  }, []);

  const show = useCallback<SnackbarApi["show"]>(
    (message, options) => {
      loadStack();
      const tone = options?.tone ?? "neutral";
      const on = options?.on;
      if (on === undefined || samePath(on, pathnameRef.current)) append(message, tone);
      else setPending((current) => [...current, { message, tone, on, from: pathnameRef.current }]);
    },
    [append, loadStack],
  );

  // Messages waiting for a page: shown when the navigation has ended (on their page, or redirected
  // elsewhere), or after the limit anyway.
  useEffect(() => {
    if (pending.length === 0) return;
    const arrived = pending.filter((item) => samePath(item.on, pathname) || !samePath(item.from, pathname));
    if (arrived.length > 0) {
      setPending((current) => current.filter((item) => !arrived.includes(item)));
      for (const item of arrived) append(item.message, item.tone);
      return;
    }
    const timer = setTimeout(() => {
      setPending([]);
      for (const item of pending) append(item.message, item.tone);
    }, PENDING_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [pending, pathname, append]);

  const close = useCallback((id: number) => {
    setEntries((current) => current.map((item) => (item.id === id ? { ...item, open: false } : item)));
    // Keep the closed entry long enough for its exit animation, then drop it.
    setTimeout(() => setEntries((current) => current.filter((item) => item.id !== id)), 300);
  }, []);

  const api = useMemo(() => ({ show }), [show]);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {Stack ? <Stack entries={entries} onClose={close} /> : <SnackbarViewport />}
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarApi {
  const context = useContext(SnackbarContext);
  if (!context) throw new Error("useSnackbar must be used inside <SnackbarProvider>");
  return context;
}
