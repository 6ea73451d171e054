"use client";

import { chatGroupCreateRequestSchema, messages } from "@vn/contract";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Icon } from "@/components/ui/Icon";
import { Input } from "@/components/ui/Input";
import { useVerificationGate } from "@/features/verification/VerificationGate";
import { api } from "@/lib/api-client";
import { useChats } from "./ChatsProvider";
import { parseHandles } from "./member-handles";
import { RefusalText } from "./RefusalText";

/** A new group: a title and the handles of its first members (the API's own schema checks both). */
export function GroupCreateDialog({ onCreated }: { onCreated: (chatId: string) => void }) {
  const { dispatch } = useChats();
  const gate = useVerificationGate();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [members, setMembers] = useState("");
  const [fieldErrors, setFieldErrors] = useState<{ title?: string; members?: string }>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const create = async () => {
    const body = { title, members: parseHandles(members) };
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
      setMembers("");
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
      title={messages.chatsNewGroup}
      trigger={
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-full text-ink-muted hover:bg-black/5"
        >
          <Icon name="plus" size={20} />
          <span className="sr-only">{messages.chatsNewGroup}</span>
        </button>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {messages.cancel}
          </Button>
          <Button onClick={() => void create()} disabled={busy} aria-busy={busy}>
            {messages.chatsGroupCreate}
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
          label={messages.chatsGroupTitle}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={fieldErrors.title}
        />
        <Input
          label={messages.chatsGroupMembers}
          hint={messages.chatsGroupMembersHint}
          value={members}
          onChange={(event) => setMembers(event.target.value)}
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
