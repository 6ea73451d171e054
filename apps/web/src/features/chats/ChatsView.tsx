"use client";

import { chatsMessages } from "@vn/contract/messages/chats";
import { commonMessages } from "@vn/contract/messages/common";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Icon } from "@/components/ui/Icon";
import { useVerificationGate } from "@/features/verification/use-verification-gate";
import { api } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useSession } from "@/lib/session";
import { ChatList } from "./ChatList";
import { ChatsProvider, useChats } from "./ChatsProvider";
import { ConversationView } from "./ConversationView";
import { RefusalText } from "./RefusalText";

/**
 * /chats (login required, §2): the conversation list and the open conversation — two screens
 * below 1024 px (the list, or the conversation with a back button), side by side from 1024 px.
 * `?chat={id}` names the open conversation; `?with={slug}` (the connect tab) opens or starts the
 * direct conversation with that profile and then becomes `?chat=`.
 */
export function ChatsView() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <ChatsProvider>
      <ChatsScreens />
    </ChatsProvider>
  );
}

function ChatsScreens() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const gate = useVerificationGate();
  const { state, connected, reconnect, dispatch } = useChats();
  const openId = params.get("chat");
  const withSlug = params.get("with");
  const [startError, setStartError] = useState<unknown>(null);
  const started = useRef<string | null>(null);
  const wasConnected = useRef(false);
  if (connected) wasConnected.current = true;

  const open = useCallback(
    (chatId: string | null) => {
      router.replace(chatId ? `${pathname}?chat=${encodeURIComponent(chatId)}` : pathname, { scroll: false });
    },
    [router, pathname],
  );

  useEffect(() => {
    if (!withSlug || started.current === withSlug) return;
    started.current = withSlug;
    setStartError(null);
    void api.chats
      .start({ body: { with: withSlug } })
      .then(({ data }) => {
        dispatch({ type: "chat", chatId: data.id, chat: data });
        open(data.id);
      })
      .catch((error: unknown) => {
        if (!gate.refusedBy(error)) setStartError(error);
      });
  }, [withSlug, dispatch, open, gate]);

  const chat = openId ? state.chats[openId] : undefined;
  return (
    <div
      data-chats-live={connected ? "true" : undefined}
      className="mx-auto flex w-full max-w-[1128px] flex-col px-0 sm:px-4 sm:py-4"
    >
      <h1 className="sr-only">{commonMessages.chatsHeading}</h1>
      {!connected && wasConnected.current ? (
        <div
          role="status"
          className="mb-2 flex items-center justify-between gap-3 rounded-card bg-warning-soft px-4 py-2 text-sm text-warning"
        >
          <span>{chatsMessages.chatsConnectionLost}</span>
          <button
            type="button"
            onClick={reconnect}
            className="min-h-9 shrink-0 rounded-full px-3 font-semibold underline"
          >
            {chatsMessages.chatsReconnect}
          </button>
        </div>
      ) : null}
      {startError ? (
        <Alert className="mb-2">
          <RefusalText error={startError} />
        </Alert>
      ) : null}
      <div className="flex h-[calc(100dvh-4rem)] min-h-[28rem] overflow-hidden bg-surface shadow-card sm:h-[calc(100dvh-6rem)] sm:rounded-card">
        <section
          aria-label={chatsMessages.chatsListLabel}
          className={cn(
            "flex min-w-0 flex-col border-line lg:w-[22rem] lg:shrink-0 lg:border-r",
            openId ? "max-lg:hidden" : "w-full",
          )}
        >
          <ChatList selectedId={openId} onOpen={open} />
        </section>
        <section
          aria-label={chat ? undefined : commonMessages.chatsHeading}
          className={cn("min-w-0 flex-1 flex-col", openId ? "flex" : "hidden lg:flex")}
        >
          {openId ? (
            <ConversationView
              key={openId}
              chatId={openId}
              onBack={() => open(null)}
              onGone={() => open(null)}
            />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-ink-muted">
              <Icon name="chat" size={32} />
              <p>{chatsMessages.chatsSelectHint}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
