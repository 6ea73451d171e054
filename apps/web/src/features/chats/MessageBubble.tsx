"use client";

import { type Chat, type ChatMessage, format } from "@vn/contract";
import { chatsMessages } from "@vn/contract/messages/chats";
import { commonMessages } from "@vn/contract/messages/common";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Icon } from "@/components/ui/Icon";
import { Menu } from "@/components/ui/Menu";
import { api } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { submitErrorMessage } from "@/lib/forms";
import { useChats } from "./ChatsProvider";
import { canDelete, canEdit } from "./chat-rules";
import { formatChatTime } from "./chat-time";
import { LazyChatReportDialog } from "./LazyChatReportDialog";
import { MessageAttachments } from "./MessageAttachments";

/**
 * One message: the sender's name at the start of a run (others' messages), the text and files, the
 * time, "edited", a tombstone once deleted for everyone, "Seen" under the viewer's last read
 * message; the sender's menu edits (within the window) and deletes for everyone, the others' menu
 * reports the message.
 */
export function MessageBubble({
  chat,
  message,
  first,
  seen,
}: {
  chat: Chat;
  message: ChatMessage;
  first: boolean;
  seen: boolean;
}) {
  const { dispatch } = useChats();
  const mine = message.sender.id === chat.me.profileId;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.body);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  const editable = canEdit(message, chat.me.profileId);
  const deletable = canDelete(message, chat.me.profileId);
  const reportable = !mine && !message.deletedAt;
  const by = message.senderUser
    ? format(chatsMessages.chatsForCompany, { name: message.senderUser.name, company: message.sender.name })
    : message.sender.name;

  const save = async () => {
    setFailure(null);
    try {
      const { data } = await api.chats.edit({
        params: { id: chat.id, messageId: message.id },
        body: { body: draft },
      });
      dispatch({ type: "message", message: data });
      setEditing(false);
    } catch (error) {
      setFailure(submitErrorMessage(error));
    }
  };
  const remove = async () => {
    setFailure(null);
    try {
      const { data } = await api.chats.remove({ params: { id: chat.id, messageId: message.id } });
      dispatch({ type: "message", message: data });
      setConfirmDelete(false);
    } catch (error) {
      setFailure(submitErrorMessage(error));
    }
  };

  return (
    <div
      data-message-seq={message.seq}
      className={cn("group flex flex-col", mine ? "items-end" : "items-start")}
    >
      {/* Names where they tell something: others in a group; a company member for the company. */}
      {first && ((chat.kind === "group" && !mine) || message.senderUser) ? (
        <span className="mb-0.5 px-1 text-xs font-semibold text-ink-muted">{by}</span>
      ) : null}
      <div className={cn("flex max-w-[85%] items-start gap-1", mine && "flex-row-reverse")}>
        <div
          className={cn(
            "min-w-0 rounded-2xl px-3 py-2 text-[0.95rem] break-words whitespace-pre-wrap",
            message.deletedAt
              ? "bg-transparent text-ink-muted italic ring-1 ring-line"
              : mine
                ? "bg-brand text-white"
                : "bg-black/[0.06] text-ink",
          )}
        >
          {message.deletedAt ? (
            chatsMessages.chatMessageDeleted
          ) : editing ? (
            <form
              className="flex min-w-64 flex-col gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                void save();
              }}
            >
              <label className="sr-only" htmlFor={`edit-${message.id}`}>
                {chatsMessages.chatsEdit}
              </label>
              <textarea
                id={`edit-${message.id}`}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                rows={3}
                className="rounded-lg bg-surface p-2 text-ink"
              />
              <span className="flex justify-end gap-2">
                <Button type="button" variant="inverse" onClick={() => setEditing(false)}>
                  {chatsMessages.chatsCancelEdit}
                </Button>
                <Button type="submit" variant="inverse">
                  {chatsMessages.chatsSaveEdit}
                </Button>
              </span>
            </form>
          ) : (
            <>
              {message.body ? <p>{message.body}</p> : null}
              <MessageAttachments attachments={message.attachments} />
            </>
          )}
        </div>
        {editable || deletable || reportable ? (
          <Menu
            trigger={
              <button
                type="button"
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-ink-muted opacity-60 group-hover:opacity-100 hover:bg-black/5 focus-visible:opacity-100"
              >
                <Icon name="more" size={16} />
                <span className="sr-only">{chatsMessages.chatsMessageActions}</span>
              </button>
            }
            items={[
              ...(editable
                ? [
                    {
                      label: chatsMessages.chatsEdit,
                      onSelect: () => {
                        setDraft(message.body);
                        setEditing(true);
                      },
                    },
                  ]
                : []),
              ...(deletable
                ? [
                    {
                      label: chatsMessages.chatsDeleteForEveryone,
                      danger: true,
                      onSelect: () => setConfirmDelete(true),
                    },
                  ]
                : []),
              ...(reportable
                ? [{ label: chatsMessages.chatsReport, onSelect: () => setReporting(true) }]
                : []),
            ]}
          />
        ) : null}
      </div>
      <span className="mt-0.5 px-1 text-[0.7rem] text-ink-muted">
        <time dateTime={message.createdAt}>{formatChatTime(message.createdAt)}</time>
        {message.editedAt && !message.deletedAt ? ` · ${chatsMessages.chatsEdited}` : null}
        {seen ? (
          <span data-testid="chat-seen" className="font-semibold">
            {` · ${chatsMessages.chatsSeen}`}
          </span>
        ) : null}
      </span>
      {failure && !confirmDelete ? (
        <p role="alert" className="px-1 text-xs text-danger">
          {failure}
        </p>
      ) : null}
      {/* Mounted while open only: one form per message on screen would be waste. */}
      {reporting ? (
        <LazyChatReportDialog
          chatId={chat.id}
          messageId={message.id}
          open={reporting}
          onOpenChange={setReporting}
        />
      ) : null}
      <Dialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        size="sm"
        title={chatsMessages.chatsDeleteForEveryone}
        description={chatsMessages.chatsDeleteConfirm}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              {commonMessages.cancel}
            </Button>
            <Button variant="danger" onClick={() => void remove()}>
              {chatsMessages.chatsDeleteForEveryone}
            </Button>
          </>
        }
      >
        {failure ? (
          <p role="alert" className="text-sm text-danger">
            {failure}
          </p>
        ) : null}
      </Dialog>
    </div>
  );
}
