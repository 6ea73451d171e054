"use client";

import type { Chat, TeamMember } from "@vn/contract";
import { chatsMessages } from "@vn/contract/messages/chats";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Select } from "@/components/ui/Select";
import { api } from "@/lib/api-client";
import { useSession } from "@/lib/session";
import { useChats } from "./ChatsProvider";
import { assigneeOptions } from "./company-assignees";
import { RefusalText } from "./RefusalText";

/**
 * A company inbox's own layer on a conversation (acting as the company): who it is assigned to,
 * and internal notes — drawn apart from the messages, since the other side never sees them.
 */
export function CompanyInboxPanel({ chat }: { chat: Chat }) {
  const { user } = useSession();
  const { state, dispatch } = useChats();
  // Held in the store: a note another member writes arrives live (chats.updated with `note`).
  const notes = state.notes[chat.id];
  const [people, setPeople] = useState<TeamMember[]>([]);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    void api.chats
      .notes({ params: { id: chat.id } })
      .then(({ data }) => dispatch({ type: "notes", chatId: chat.id, notes: data }))
      .catch(setError);
  }, [open, chat.id, dispatch]);
  // The company's members with `chats`; without the employees scope the list stays closed
  // to the viewer, and the choice is oneself or nobody.
  const companySlug = user?.slug;
  useEffect(() => {
    if (!open || !companySlug) return;
    void api.teams
      .people({ params: { slug: companySlug } })
      .then(({ data }) => setPeople(data))
      .catch(() => setPeople([]));
  }, [open, companySlug]);

  const assign = async (userId: string | null) => {
    setError(null);
    try {
      const { data } = await api.chats.assign({ params: { id: chat.id }, body: { userId } });
      dispatch({ type: "chat", chatId: chat.id, chat: data });
    } catch (caught) {
      setError(caught);
    }
  };
  const addNote = async () => {
    if (!draft.trim()) return;
    setError(null);
    try {
      const { data } = await api.chats.addNote({ params: { id: chat.id }, body: { body: draft } });
      dispatch({ type: "notes", chatId: chat.id, notes: [data] });
      setDraft("");
    } catch (caught) {
      setError(caught);
    }
  };

  const assigned = chat.me.assignedTo;
  const me = user ? { userId: user.userId, name: user.authBy.name } : null;
  const options = assigneeOptions(people, me, assigned);
  return (
    <details
      className="border-b border-dashed border-warning bg-warning-soft/60 px-4 py-2 text-sm"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="flex min-h-9 cursor-pointer flex-wrap items-center gap-x-2 text-ink">
        <span className="font-semibold whitespace-nowrap">{chatsMessages.chatsAssignee}:</span>
        <span className="whitespace-nowrap">{assigned?.name ?? chatsMessages.chatsAssignNobody}</span>
        <span className="ml-auto text-xs text-warning">{chatsMessages.chatsNotesHint}</span>
      </summary>
      <div className="flex flex-col gap-3 py-2">
        <Select
          label={chatsMessages.chatsAssignTo}
          className="max-w-sm"
          value={assigned?.userId ?? ""}
          onChange={(event) => void assign(event.target.value || null)}
          options={[
            { value: "", label: chatsMessages.chatsAssignNobody },
            ...options.map((person) => ({
              value: person.userId,
              label:
                person.userId === me?.userId ? `${person.name} (${chatsMessages.chatsYou})` : person.name,
            })),
          ]}
        />
        <section aria-label={chatsMessages.chatsNotesHeading} className="flex flex-col gap-2">
          <h3 className="font-semibold text-ink">{chatsMessages.chatsNotesHeading}</h3>
          <ul className="flex flex-col gap-1">
            {(notes ?? []).map((note) => (
              <li key={note.id} className="rounded-md bg-surface/80 px-3 py-2">
                <span className="font-semibold">{note.author.name}: </span>
                {note.body}
              </li>
            ))}
          </ul>
          <form
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void addNote();
            }}
          >
            <label className="sr-only" htmlFor={`note-${chat.id}`}>
              {chatsMessages.chatsNoteLabel}
            </label>
            <input
              id={`note-${chat.id}`}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder={chatsMessages.chatsNoteLabel}
              className="min-h-10 min-w-0 flex-1 rounded-md bg-surface px-3 outline-none focus:ring-2 focus:ring-brand"
            />
            <Button type="submit" variant="secondary">
              {chatsMessages.chatsNoteAdd}
            </Button>
          </form>
        </section>
        {error ? (
          <p role="alert" className="text-danger">
            <RefusalText error={error} />
          </p>
        ) : null}
      </div>
    </details>
  );
}
