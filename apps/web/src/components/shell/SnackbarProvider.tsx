"use client";

import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import type { SnackbarTone } from "@/components/ui/Snackbar";
import { deferredModule, useDeferredModule } from "@/lib/use-deferred-module";
import type { SnackbarEntry } from "./SnackbarStack";
import { SnackbarViewport } from "./SnackbarViewport";

export interface SnackbarApi {
  show: (message: string, options?: { tone?: SnackbarTone }) => void;
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

  const show = useCallback<SnackbarApi["show"]>(
    (message, options) => {
      loadStack();
      const entry = { id: nextId++, message, tone: options?.tone ?? "neutral", open: true };
      // At most three at once; the oldest goes first.
      setEntries((current) => [...current.filter((item) => item.open).slice(-2), entry]);
    },
    [loadStack],
  );

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
