"use client";

import { SNACKBAR_DURATION_MS } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { Toast } from "radix-ui";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { Snackbar, type SnackbarTone } from "@/components/ui/Snackbar";

interface SnackbarEntry {
  id: number;
  message: string;
  tone: SnackbarTone;
  open: boolean;
}

export interface SnackbarApi {
  show: (message: string, options?: { tone?: SnackbarTone }) => void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

let nextId = 1;

/**
 * The app's one snackbar stack (spec §2 global overlays). It lives in the root layout, so a
 * message shown just before a client navigation (/logout → /login) stays on screen after it.
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<SnackbarEntry[]>([]);

  const show = useCallback<SnackbarApi["show"]>((message, options) => {
    const entry = { id: nextId++, message, tone: options?.tone ?? "neutral", open: true };
    // At most three at once; the oldest goes first.
    setEntries((current) => [...current.filter((item) => item.open).slice(-2), entry]);
  }, []);

  const close = useCallback((id: number) => {
    setEntries((current) => current.map((item) => (item.id === id ? { ...item, open: false } : item)));
    // Keep the closed entry long enough for its exit animation, then drop it.
    setTimeout(() => setEntries((current) => current.filter((item) => item.id !== id)), 300);
  }, []);

  const api = useMemo(() => ({ show }), [show]);

  return (
    <SnackbarContext.Provider value={api}>
      <Toast.Provider
        duration={SNACKBAR_DURATION_MS}
        swipeDirection="down"
        label={commonMessages.notificationsRegion}
      >
        {children}
        {entries.map((entry) => (
          <Snackbar
            key={entry.id}
            message={entry.message}
            tone={entry.tone}
            open={entry.open}
            onOpenChange={(open) => {
              if (!open) close(entry.id);
            }}
          />
        ))}
        <Toast.Viewport
          label={`${commonMessages.notificationsRegion} ({hotkey})`}
          className="fixed inset-x-0 bottom-0 z-[60] mx-auto flex w-full max-w-md flex-col gap-2 p-4 outline-none md:right-auto md:left-6 md:mx-0 md:bottom-6 md:p-0"
        />
      </Toast.Provider>
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarApi {
  const context = useContext(SnackbarContext);
  if (!context) throw new Error("useSnackbar must be used inside <SnackbarProvider>");
  return context;
}
