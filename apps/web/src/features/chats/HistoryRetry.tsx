"use client";

import { messages } from "@vn/contract";
import { Button } from "@/components/ui/Button";

/** A history page that failed to load: says so, and asks for it again on demand. */
export function HistoryRetry({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-2 py-4 text-sm text-ink-muted">
      <p>{messages.chatsHistoryFailed}</p>
      <Button variant="secondary" onClick={onRetry}>
        {messages.tryAgain}
      </Button>
    </div>
  );
}
