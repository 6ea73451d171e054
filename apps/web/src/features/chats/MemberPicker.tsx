"use client";

import { CHAT_GROUP_MAX, format, type ProfileCard, SEARCH_PER_PAGE_MAX, SEARCH_TERM_MIN } from "@vn/contract";
import { chatsMessages } from "@vn/contract/messages/chats";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { Avatar } from "@/components/ui/Avatar";
import { Icon } from "@/components/ui/Icon";
import { api } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { movedActive, offeredPeople, withPick } from "./member-picker";

/** Wait this long after the last keystroke before asking the search API. */
const SEARCH_DELAY_MS = 250;
const OFFERED_MAX = 8;

/**
 * Choosing group members by name (a combobox over GET /search?kind=people): the chosen ones are
 * chips before the field; arrow keys move over the list, Enter picks, Escape closes it, and
 * Backspace in the empty field takes the last chip back.
 */
export function MemberPicker({
  label,
  chosen,
  onChange,
  max,
  excluded,
  error,
}: {
  label: string;
  chosen: ProfileCard[];
  onChange: (next: ProfileCard[]) => void;
  /** How many more the group has room for. */
  max: number;
  /** Profile ids never offered: oneself, the group's members. */
  excluded: string[];
  error?: string | undefined;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [term, setTerm] = useState("");
  const [hits, setHits] = useState<ProfileCard[]>([]);
  const [searching, setSearching] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const offered = offeredPeople(hits, chosen, excluded).slice(0, OFFERED_MAX);
  const full = chosen.length >= max;

  useEffect(() => {
    const search = term.trim();
    if (search.length < SEARCH_TERM_MIN) {
      setHits([]);
      setSearching(false);
      return;
    }
    setSearching(true);
    let current = true;
    const timer = setTimeout(() => {
      api.search
        .search({
          query: {
            search,
            kind: "people",
            perPage: Math.min(SEARCH_PER_PAGE_MAX, OFFERED_MAX + excluded.length),
          },
        })
        .then(({ data }) => {
          if (!current) return;
          setHits((data.people?.hits ?? []).map((hit) => hit.profile));
          setActive(0);
        })
        // A failed search offers nothing; the next keystroke asks again.
        .catch(() => current && setHits([]))
        .finally(() => current && setSearching(false));
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [term, excluded.length]);

  const pick = (person: ProfileCard) => {
    onChange(withPick(chosen, person, max));
    setTerm("");
    setHits([]);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      setActive((at) => movedActive(at, offered.length, event.key as "ArrowDown" | "ArrowUp"));
    } else if (event.key === "Enter") {
      // Enter picks; it never submits the dialog's form from here.
      event.preventDefault();
      const person = offered[active];
      if (open && person) pick(person);
    } else if (event.key === "Escape") {
      setOpen(false);
    } else if (event.key === "Backspace" && term === "" && chosen.length > 0) {
      onChange(chosen.slice(0, -1));
    }
  };
  // Full: the field stays (Backspace still takes a chip back) but offers no one.
  const expanded = open && !full && term.trim().length >= SEARCH_TERM_MIN;
  const activePerson = expanded ? offered[active] : undefined;

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <div
        className={cn(
          "flex min-h-12 flex-wrap items-center gap-1.5 rounded-lg bg-surface px-2 py-1.5 ring-1 ring-inset",
          error ? "ring-2 ring-danger" : "ring-line-strong focus-within:ring-2 focus-within:ring-brand",
        )}
      >
        <ul aria-label={label} className="contents">
          {chosen.map((person) => (
            <li
              key={person.id}
              data-testid="member-chip"
              data-name={person.name}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-soft py-0.5 pr-0.5 pl-1 text-sm text-ink"
            >
              <Avatar name={person.name} src={person.image?.urls.preview ?? null} size="xs" />
              <span className="truncate">{person.name}</span>
              <button
                type="button"
                onClick={() => onChange(chosen.filter((p) => p.id !== person.id))}
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-black/10"
              >
                <Icon name="close" size={14} />
                <span className="sr-only">
                  {format(chatsMessages.chatsGroupRemove, { name: person.name })}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={activePerson ? `${listId}-${activePerson.id}` : undefined}
          aria-describedby={`${id}-message`}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          value={term}
          placeholder={full ? undefined : chatsMessages.chatsMemberSearchLabel}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          className="min-h-9 min-w-32 flex-1 bg-transparent px-1.5 text-base text-ink placeholder:text-ink-muted focus:outline-none"
        />
      </div>
      {expanded ? (
        <div
          id={listId}
          role="listbox"
          aria-label={chatsMessages.chatsMemberSearchLabel}
          // In the flow, not floating: a dialog's scrolling body would clip a floating list.
          className="max-h-60 overflow-y-auto rounded-lg bg-surface py-1 shadow-md ring-1 ring-line"
        >
          {offered.length === 0 ? (
            <p className="px-3 py-2 text-sm text-ink-muted">
              {searching ? chatsMessages.chatsMemberSearching : chatsMessages.chatsMemberNoMatch}
            </p>
          ) : (
            offered.map((person, index) => (
              <div
                key={person.id}
                id={`${listId}-${person.id}`}
                role="option"
                aria-selected={index === active}
                // Focus stays in the field (aria-activedescendant); -1 only makes it an option.
                tabIndex={-1}
                // The field keeps focus: a mouse pick must not blur it first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(person)}
                onKeyDown={(event) => {
                  if (event.key === "Enter") pick(person);
                }}
                onMouseEnter={() => setActive(index)}
                className={cn(
                  "flex cursor-pointer items-center gap-3 px-3 py-2",
                  index === active && "bg-black/[0.06]",
                )}
              >
                <Avatar name={person.name} src={person.image?.urls.preview ?? null} size="sm" />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-semibold text-ink">{person.name}</span>
                  <span className="truncate text-xs text-ink-muted">
                    @{person.slug}
                    {person.profession ? ` · ${person.profession}` : ""}
                  </span>
                </span>
              </div>
            ))
          )}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-message`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : (
        <p id={`${id}-message`} className="text-sm text-ink-muted" aria-live="polite">
          {full
            ? format(chatsMessages.chatsMembersMax, { count: CHAT_GROUP_MAX - 1 })
            : chatsMessages.chatsGroupMembersHint}
        </p>
      )}
    </div>
  );
}
