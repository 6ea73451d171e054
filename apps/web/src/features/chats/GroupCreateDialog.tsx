"use client";

import { CHAT_GROUP_MAX, type ProfileCard } from "@vn/contract";
import { chatsMessages } from "@vn/contract/messages/chats";
import { commonMessages } from "@vn/contract/messages/common";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Icon } from "@/components/ui/Icon";
import { Input } from "@/components/ui/Input";
import { useVerificationGate } from "@/features/verification/use-verification-gate";
import { api } from "@/lib/api-client";
import { useSession } from "@/lib/session";
import { useChats } from "./ChatsProvider";
import { MemberPicker } from "./MemberPicker";
import { RefusalText } from "./RefusalText";

/** A new group: a title and its first members, picked by name (the API's own schema checks both). */
export function GroupCreateDialog({ onCreated }: { onCreated: (chatId: string) => void }) {
  const { dispatch } = useChats();
  const gate = useVerificationGate();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [members, setMembers] = useState<ProfileCard[]>([]);
  const [fieldErrors, setFieldErrors] = useState<{ title?: string; members?: string }>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const create = async () => {
    const body = { title, members: members.map((person) => person.slug) };
    // The API's own check, loaded on the first "create": zod stays out of the messenger's first load.
    const { chatGroupCreateRequestSchema } = await import("@vn/contract/schemas/chats");
    const checked = chatGroupCreateRequestSchema.safeParse(body);
    if (!checked.success) {
      const errors: { title?: string; members?: string } = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (field === "title" || field === "members") errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setBusy(true);
    setError(null);
    try {
      const { data } = await api.chats.createGroup({ body });
      dispatch({ type: "chat", chatId: data.id, chat: data });
      setOpen(false);
      setTitle("");
      setMembers([]);
      onCreated(data.id);
    } catch (caught) {
      if (!gate.refusedBy(caught)) setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next && !gate.allows("messenger.use")) return;
        setOpen(next);
      }}
      title={chatsMessages.chatsNewGroup}
      trigger={
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-full text-ink-muted hover:bg-black/5"
        >
          <Icon name="plus" size={20} />
          <span className="sr-only">{chatsMessages.chatsNewGroup}</span>
        </button>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {commonMessages.cancel}
          </Button>
          <Button onClick={() => void create()} disabled={busy} aria-busy={busy}>
            {chatsMessages.chatsGroupCreate}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <Input
          label={chatsMessages.chatsGroupTitle}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={fieldErrors.title}
        />
        <MemberPicker
          label={chatsMessages.chatsGroupMembers}
          chosen={members}
          onChange={setMembers}
          max={CHAT_GROUP_MAX - 1}
          excluded={user ? [user.id] : []}
          error={fieldErrors.members}
        />
        {error ? (
          <p role="alert" className="text-sm text-danger">
            <RefusalText error={error} />
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
