"use client";

import { CHAT_GROUP_MAX, type Chat, format, type ProfileCard } from "@vn/contract";
import { chatsMessages } from "@vn/contract/messages/chats";
import { useState } from "react";
import { Avatar } from "@/components/ui/Avatar";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Icon } from "@/components/ui/Icon";
import { Input } from "@/components/ui/Input";
import { api } from "@/lib/api-client";
import { useChats } from "./ChatsProvider";
import { MemberPicker } from "./MemberPicker";
import { RefusalText } from "./RefusalText";

/** A group's details: its members; the creator renames, adds and removes; anyone leaves. */
export function GroupDetailsDialog({ chat, onLeft }: { chat: Chat; onLeft: () => void }) {
  const { dispatch } = useChats();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(chat.title ?? "");
  const [adding, setAdding] = useState<ProfileCard[]>([]);
  const [error, setError] = useState<unknown>(null);
  const creator = chat.createdBy === chat.me.profileId;
  const active = chat.members.filter((m) => m.state === "active");

  const run = async (call: () => Promise<{ data: Chat }>) => {
    setError(null);
    try {
      const { data } = await call();
      dispatch({ type: "chat", chatId: chat.id, chat: data });
      return true;
    } catch (caught) {
      setError(caught);
      return false;
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={chatsMessages.chatsGroupDetails}
      trigger={
        <button
          type="button"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-black/5"
        >
          <Icon name="people" size={20} />
          <span className="sr-only">{chatsMessages.chatsGroupDetails}</span>
        </button>
      }
      footer={
        chat.me.state === "active" ? (
          <Button
            variant="danger"
            onClick={() =>
              void run(() => api.chats.leave({ params: { id: chat.id } })).then((ok) => {
                if (ok) {
                  setOpen(false);
                  onLeft();
                }
              })
            }
          >
            {chatsMessages.chatsGroupLeave}
          </Button>
        ) : null
      }
    >
      <div className="flex flex-col gap-4">
        {creator ? (
          <form
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void run(() => api.chats.rename({ params: { id: chat.id }, body: { title } }));
            }}
          >
            <div className="flex-1">
              <Input
                label={chatsMessages.chatsGroupTitle}
                value={title}
                onChange={(event) => setTitle(event.target.value)}
              />
            </div>
            <Button type="submit" variant="secondary">
              {chatsMessages.chatsGroupRename}
            </Button>
          </form>
        ) : null}
        <section aria-label={chatsMessages.chatsGroupMembers}>
          <h3 className="mb-2 text-sm font-semibold text-ink">
            {format(chatsMessages.chatsGroupMemberCount, { count: active.length })}
          </h3>
          <ul className="flex flex-col gap-2">
            {active.map((member) => (
              <li key={member.profile.id} className="flex items-center gap-3">
                <Avatar
                  name={member.profile.name}
                  src={member.profile.image?.urls.preview ?? null}
                  size="sm"
                />
                <span className="min-w-0 flex-1 truncate">{member.profile.name}</span>
                {creator && member.profile.id !== chat.me.profileId ? (
                  <Button
                    variant="tertiary"
                    onClick={() =>
                      void run(() =>
                        api.chats.removeMember({ params: { id: chat.id, profileId: member.profile.id } }),
                      )
                    }
                  >
                    {format(chatsMessages.chatsGroupRemove, { name: member.profile.name })}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
        {creator ? (
          <form
            className="flex flex-col items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              const members = adding.map((person) => person.slug);
              if (members.length === 0) return;
              void run(() => api.chats.addMembers({ params: { id: chat.id }, body: { members } })).then(
                (ok) => {
                  if (ok) setAdding([]);
                },
              );
            }}
          >
            <div className="w-full">
              <MemberPicker
                label={chatsMessages.chatsGroupAdd}
                chosen={adding}
                onChange={setAdding}
                max={CHAT_GROUP_MAX - active.length}
                excluded={active.map((member) => member.profile.id)}
              />
            </div>
            <Button type="submit" variant="secondary">
              {chatsMessages.chatsGroupAdd}
            </Button>
          </form>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-danger">
            <RefusalText error={error} />
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
