"use client";

import { SNACKBAR_DURATION_MS } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { Toast } from "radix-ui";
import { Snackbar, type SnackbarTone } from "@/components/ui/Snackbar";
import { SNACKBAR_VIEWPORT_CLASS } from "./SnackbarViewport";

export interface SnackbarEntry {
  id: number;
  message: string;
  tone: SnackbarTone;
  open: boolean;
}

/**
 * The shown snackbars in Radix Toast's labelled viewport (F8, pause on hover or focus, Escape and
 * swipe to dismiss, announced as a status). Loaded with the first snackbar (SnackbarProvider): it
 * replaces the empty viewport drawn until then, which has the same markup.
 */
export function SnackbarStack({
  entries,
  onClose,
}: {
  entries: SnackbarEntry[];
  onClose: (id: number) => void;
}) {
  return (
    <Toast.Provider
      duration={SNACKBAR_DURATION_MS}
      swipeDirection="down"
      label={commonMessages.notificationsRegion}
    >
      {entries.map((entry) => (
        <Snackbar
          key={entry.id}
          message={entry.message}
          tone={entry.tone}
          open={entry.open}
          onOpenChange={(open) => {
            if (!open) onClose(entry.id);
          }}
        />
      ))}
      <Toast.Viewport
        label={`${commonMessages.notificationsRegion} ({hotkey})`}
        className={SNACKBAR_VIEWPORT_CLASS}
      />
    </Toast.Provider>
  );
}
