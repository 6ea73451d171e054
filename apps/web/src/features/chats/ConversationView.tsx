"use client";

import { actionRefusal, format } from "@vn/contract";
import { chatsMessages } from "@vn/contract/messages/chats";
import { commonMessages } from "@vn/contract/messages/common";
import { useEffect, useState } from "react";
import { Avatar } from "@/components/ui/Avatar";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import { actorOf } from "@/lib/actor";
import { ApiError } from "@/lib/api-error";
import { routes } from "@/lib/paths";
import { useSession } from "@/lib/session";
import { useChats } from "./ChatsProvider";
import { CompanyInboxPanel } from "./CompanyInboxPanel";
import { Composer } from "./Composer";
import { cannotWriteText, chatName, chatPeer, typingLine } from "./chat-rules";
import { typingNow } from "./chat-store";
import { GroupDetailsDialog } from "./GroupDetailsDialog";
import { HistoryRetry } from "./HistoryRetry";
import { MessageList } from "./MessageList";
import { RequestBar } from "./RequestBar";

/**
 * One conversation: its header (back to the list below 1024 px), the history, who is typing,
 * and at the foot the request's answer, the composer, or why the viewer cannot write.
 */
export function ConversationView({
  chatId,
  onBack,
  onGone,
}: {
  chatId: string;
  onBack: () => void;
  onGone: () => void;
}) {
  const { state, openHistory, refreshChat } = useChats();
  const actor = actorOf(useSession().user);
  const chat = state.chats[chatId];
  const history = state.history[chatId];
  const [missing, setMissing] = useState(false);
  /** The first history page failed for a reason other than a conversation gone (an outage). */
  const [historyFailed, setHistoryFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (state.loaded && !chat) void refreshChat(chatId).then((found) => setMissing(found === null));
  }, [state.loaded, chat, chatId, refreshChat]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry is a new attempt
  useEffect(() => {
    if (!chat) return;
    setHistoryFailed(false);
    void openHistory(chatId).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) setMissing(true);
      else setHistoryFailed(true);
    });
  }, [chat, chatId, openHistory, attempt]);
  // The typing line fades on its own: re-read the clock while someone is typing.
  const typers = typingNow(state, chatId, now);
  useEffect(() => {
    if (!state.typing[chatId]) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [state.typing, chatId]);

  if (!chat) {
    return (
      <div className="flex flex-1 flex-col">
        <ConversationHeader title={missing ? chatsMessages.chatNotFound : null} onBack={onBack} />
        {missing ? (
          <p className="p-8 text-center text-ink-muted">{chatsMessages.chatNotFound}</p>
        ) : (
          <HistorySkeleton />
        )}
      </div>
    );
  }
  const name = chatName(chat);
  const peer = chat.kind === "direct" ? chatPeer(chat) : null;
  // The conversation's own refusal, else the viewer's moderation limit (issue 16: the API refuses
  // a limited person's writes; plan and verification are the gate's to explain at send).
  const limited = actionRefusal(actor, "chats.write")?.code === "account_limited";
  const refusal = cannotWriteText(chat.cannotWrite ?? (limited ? "account_limited" : null));
  const typing = typingLine(chat, typers);
  const asCompany = chat.members.some(
    (m) => m.profile.id === chat.me.profileId && m.profile.type === "company",
  );
  const activeMembers = chat.members.filter((m) => m.state === "active").length;

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-chat-open={chat.id}>
      <ConversationHeader title={name} onBack={onBack}>
        <Avatar name={name} src={peer?.image?.urls.preview ?? null} size="sm" />
        <div className="flex min-w-0 flex-1 flex-col">
          {peer ? (
            <Link
              href={routes.profile(peer.slug)}
              className="truncate font-semibold text-ink hover:underline"
            >
              {name}
            </Link>
          ) : (
            <span className="truncate font-semibold text-ink">{name}</span>
          )}
          {chat.kind === "group" ? (
            <span className="text-xs text-ink-muted">
              {format(chatsMessages.chatsGroupMemberCount, { count: activeMembers })}
            </span>
          ) : null}
        </div>
        {chat.kind === "group" ? <GroupDetailsDialog chat={chat} onLeft={onGone} /> : null}
      </ConversationHeader>
      {asCompany ? <CompanyInboxPanel chat={chat} /> : null}
      {history ? (
        <MessageList chat={chat} history={history} />
      ) : historyFailed ? (
        <div className="flex flex-1 flex-col justify-center">
          <HistoryRetry onRetry={() => setAttempt((n) => n + 1)} />
        </div>
      ) : (
        <HistorySkeleton />
      )}
      <p aria-live="polite" className="min-h-6 px-4 text-xs text-ink-muted italic">
        {typing ?? ""}
      </p>
      {chat.me.request === "pending" ? (
        <RequestBar chat={chat} onGone={onGone} />
      ) : refusal ? (
        <p
          role="status"
          data-testid="chat-cannot-write"
          className="border-t border-line px-4 py-4 text-center text-sm text-ink-muted"
        >
          {refusal}
        </p>
      ) : (
        <Composer chat={chat} />
      )}
    </div>
  );
}

function ConversationHeader({
  title,
  onBack,
  children,
}: {
  title: string | null;
  onBack: () => void;
  children?: React.ReactNode;
}) {
  return (
    <header className="flex min-h-14 items-center gap-2 border-b border-line px-2 py-2 lg:px-4">
      <button
        type="button"
        onClick={onBack}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-black/5 lg:hidden"
      >
        <Icon name="arrowLeft" size={20} />
        <span className="sr-only">{chatsMessages.chatsBack}</span>
      </button>
      {children ?? <h2 className="truncate font-semibold text-ink">{title ?? ""}</h2>}
    </header>
  );
}

function HistorySkeleton() {
  return (
    <div aria-busy="true" className="flex flex-1 flex-col justify-end gap-3 p-4">
      <span className="sr-only">{commonMessages.loading}</span>
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="ml-auto h-10 w-1/2" />
      <Skeleton className="h-16 w-3/5" />
    </div>
  );
}
