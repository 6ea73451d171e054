"use client";

import type { ContentItemStatusEvent } from "@vn/contract";
import { contentMessages } from "@vn/contract/messages/content";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { useSocketEvent } from "@/lib/use-socket-event";

/**
 * The owner's live status of their publications: `contentItem.status` arrives on their socket
 * when a planned item goes live or moderation blocks one; `onChange` refreshes what is shown.
 */
export function useContentStatus(enabled: boolean, onChange: (event: ContentItemStatusEvent) => void) {
  const snackbar = useSnackbar();
  useSocketEvent<ContentItemStatusEvent>("contentItem.status", enabled, (event) => {
    // A file's own status (mediaId) is the media fields' business.
    if (event.mediaId) return;
    if (event.status === "active") snackbar.show(contentMessages.publicationWentLive, { tone: "success" });
    onChange(event);
  });
}
