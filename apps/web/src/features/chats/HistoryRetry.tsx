"use client";

import { chatsMessages } from "@vn/contract/messages/chats";
import { commonMessages } from "@vn/contract/messages/common";
import { Button } from "@/components/ui/Button";

/** A history page that failed to load: says so, and asks for it again on demand. */
export function HistoryRetry({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-2 py-4 text-sm text-ink-muted">
      <p>{chatsMessages.chatsHistoryFailed}</p>
      <Button variant="secondary" onClick={onRetry}>
        {commonMessages.tryAgain}
      </Button>
    </div>
  );
}
