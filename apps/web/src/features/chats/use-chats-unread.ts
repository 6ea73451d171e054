"use client";

import type { ChatMessageCreatedEvent } from "@vn/contract";
import { useSWRConfig } from "swr";
import { api } from "@/lib/api-client";
import { useResource } from "@/lib/use-resource";
import { useSocketEvent } from "@/lib/use-socket-event";

/** The SWR key of the header's count (/chats revalidates it on reads and live events). */
export const CHATS_UNREAD_KEY = api.chats.unread.path();

/**
 * Conversations with unread messages, for the header: GET /chats/unread, asked again when a
 * message arrives live (§7 chats.messages.created) or a conversation changes.
 */
export function useChatsUnread(enabled: boolean) {
  const result = useResource(api.chats.unread, enabled ? {} : null, { revalidateOnFocus: true });
  const { mutate } = useSWRConfig();
  const refresh = () => void mutate(CHATS_UNREAD_KEY);
  useSocketEvent<ChatMessageCreatedEvent>("chats.messages.created", enabled, refresh);
  useSocketEvent("chats.read", enabled, refresh);
  return {
    conversations: result.data?.data.conversations ?? 0,
    requests: result.data?.data.requests ?? 0,
  };
}
