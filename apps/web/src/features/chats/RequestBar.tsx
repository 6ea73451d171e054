"use client";

import { type Chat, type ChatRequestAnswer, format } from "@vn/contract";
import { chatsMessages } from "@vn/contract/messages/chats";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { api } from "@/lib/api-client";
import { useChats } from "./ChatsProvider";
import { chatName } from "./chat-rules";
import { RefusalText } from "./RefusalText";

/**
 * A message request (someone the viewer does not follow wrote first): accept moves it to the
 * inbox, decline removes it, block uses the social block and ends the conversation both ways.
 */
export function RequestBar({ chat, onGone }: { chat: Chat; onGone: () => void }) {
  const { dispatch, refreshChat } = useChats();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const answer = async (value: ChatRequestAnswer) => {
    setBusy(true);
    setError(null);
    try {
      const result = await api.chats.answer({ params: { id: chat.id }, body: { answer: value } });
      // Accepted (and a block the member may still read) comes back as the conversation; a
      // decline, or a conversation no longer theirs to see, leaves the list.
      const after = value === "decline" ? null : (result?.data ?? (await refreshChat(chat.id)));
      dispatch({ type: "chat", chatId: chat.id, chat: after });
      if (!after) onGone();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      className="flex flex-col gap-3 border-t border-line bg-brand-soft/40 px-4 py-4"
      data-testid="chat-request"
    >
      <p className="text-sm text-ink">{format(chatsMessages.chatsRequestsHint, { name: chatName(chat) })}</p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          <RefusalText error={error} />
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void answer("accept")} disabled={busy}>
          {chatsMessages.chatsRequestAccept}
        </Button>
        <Button variant="secondary" onClick={() => void answer("decline")} disabled={busy}>
          {chatsMessages.chatsRequestDecline}
        </Button>
        <Button variant="danger" onClick={() => void answer("block")} disabled={busy}>
          {chatsMessages.chatsRequestBlock}
        </Button>
      </div>
    </div>
  );
}
