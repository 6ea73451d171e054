import {
  CHAT_MESSAGE_MAX,
  type Chat,
  type ChatMessage,
  format,
  messages,
  type ProfileCard,
  type TeamMember,
} from "@vn/contract";
import { describe, expect, it } from "vitest";
import { chatReportErrorText, chatReportFormSchema } from "../src/features/chats/chat-report";
import {
  canDelete,
  canEdit,
  cannotWriteText,
  composerState,
  groupRuns,
  isRequest,
  mergeMessages,
  seenSeq,
  sortChats,
  typingLine,
} from "../src/features/chats/chat-rules";
import { chatsReducer, initialChatsState, typingNow } from "../src/features/chats/chat-store";
import { assigneeOptions } from "../src/features/chats/company-assignees";
import { movedActive, offeredPeople, withPick } from "../src/features/chats/member-picker";
import { ApiError } from "../src/lib/api-error";

/** The messenger's rules on the web (issue 15): merging, edit window, composer, runs, receipts. */

const ANNA = "p-anna";
const PRIYA = "p-priya";
const T0 = Date.parse("2026-11-24T10:00:00Z");

function profile(id: string, name: string) {
  return { id, slug: id, name, type: "user" as const, verificationStatus: "verified", image: null };
}

function message(seq: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `m${seq}`,
    seq,
    changeSeq: seq,
    chatId: "c1",
    sender: profile(PRIYA, "Priya Shah"),
    senderUser: null,
    clientId: null,
    body: `hello ${seq}`,
    attachments: [],
    createdAt: new Date(T0 + seq * 1000).toISOString(),
    editedAt: null,
    deletedAt: null,
    ...over,
  };
}

function chat(over: Partial<Chat> = {}, me: Partial<Chat["me"]> = {}): Chat {
  return {
    id: "c1",
    kind: "direct",
    title: null,
    createdBy: PRIYA,
    members: [
      { profile: profile(ANNA, "Anna Kowalski"), role: "member", state: "active", lastReadSeq: 0 },
      { profile: profile(PRIYA, "Priya Shah"), role: "creator", state: "active", lastReadSeq: 0 },
    ],
    lastMessage: null,
    lastMessageSeq: 0,
    lastMessageAt: null,
    changeSeq: 1,
    createdAt: new Date(T0).toISOString(),
    me: {
      profileId: ANNA,
      state: "active",
      request: "none",
      lastReadSeq: 0,
      unreadCount: 0,
      assignedTo: null,
      ...me,
    },
    cannotWrite: null,
    ...over,
  };
}

describe("merging live events and catch-up pages", () => {
  it("keeps one copy per seq, in order, whichever way a message arrived", () => {
    const held = [message(1), message(3)];
    const merged = mergeMessages(held, [message(3), message(2), message(4)]);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  });

  it("takes an edit or a delete (higher changeSeq) and never lets a stale copy undo it", () => {
    const edited = message(2, { changeSeq: 9, body: "edited", editedAt: new Date(T0).toISOString() });
    const afterEdit = mergeMessages([message(1), message(2)], [edited]);
    expect(afterEdit[1]?.body).toBe("edited");
    expect(mergeMessages(afterEdit, [message(2)])[1]?.body).toBe("edited");
  });

  it("a message heard live and again in the catch-up counts once as unread and moves the cursor", () => {
    let state = chatsReducer(initialChatsState, { type: "listed", chats: [chat()] });
    state = chatsReducer(state, {
      type: "history",
      chatId: "c1",
      items: [message(1)],
      hasOlder: false,
      older: false,
    });
    state = chatsReducer(state, { type: "message", message: message(2) });
    expect(state.chats.c1?.me.unreadCount).toBe(1);
    state = chatsReducer(state, {
      type: "missed",
      messages: [message(2), message(3)],
      chats: [],
      cursor: 3,
    });
    expect(state.history.c1?.items.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(state.chats.c1?.me.unreadCount).toBe(2);
    expect(state.chats.c1?.lastMessageSeq).toBe(3);
    expect(state.cursor).toBe(3);
  });

  it("a catch-up's conversation view is taken as the server counts it, then its messages add nothing twice", () => {
    let state = chatsReducer(initialChatsState, { type: "listed", chats: [chat()] });
    const fresh = chat({ changeSeq: 7, lastMessage: message(5), lastMessageSeq: 5 }, { unreadCount: 3 });
    state = chatsReducer(state, { type: "missed", messages: [message(5)], chats: [fresh], cursor: 7 });
    expect(state.chats.c1?.me.unreadCount).toBe(3);
    expect(state.cursor).toBe(7);
  });

  it("a conversation removed for the viewer (declined, removed) leaves the list", () => {
    let state = chatsReducer(initialChatsState, { type: "listed", chats: [chat()] });
    state = chatsReducer(state, { type: "chat", chatId: "c1", chat: null });
    expect(state.chats.c1).toBeUndefined();
  });

  it("an older conversation view does not replace a newer one", () => {
    let state = chatsReducer(initialChatsState, {
      type: "listed",
      chats: [chat({ changeSeq: 5, title: "new" })],
    });
    state = chatsReducer(state, { type: "chat", chatId: "c1", chat: chat({ changeSeq: 4, title: "old" }) });
    expect(state.chats.c1?.title).toBe("new");
  });

  it("typing shows for a while and stops when that person's message arrives", () => {
    let state = chatsReducer(initialChatsState, { type: "listed", chats: [chat()] });
    state = chatsReducer(state, { type: "typing", chatId: "c1", profileId: PRIYA, until: T0 + 6000 });
    expect(typingNow(state, "c1", T0)).toEqual([PRIYA]);
    expect(typingNow(state, "c1", T0 + 7000)).toEqual([]);
    const heldChat = state.chats.c1 as Chat;
    expect(typingLine(heldChat, [PRIYA])).toBe(format(messages.chatsTyping, { name: "Priya Shah" }));
    state = chatsReducer(state, { type: "message", message: message(1) });
    expect(typingNow(state, "c1", T0)).toEqual([]);
  });

  it("a company inbox's notes: a live note joins notes already loaded, once, and never fakes a list", () => {
    const note = (id: string, minute: number) => ({
      id,
      chatId: "c1",
      author: { id: "u-milo", name: "Milo Manager" },
      body: `note ${id}`,
      createdAt: new Date(T0 + minute * 60_000).toISOString(),
    });
    let state = chatsReducer(initialChatsState, { type: "note", note: note("n1", 1) });
    expect(state.notes.c1).toBeUndefined();
    state = chatsReducer(state, { type: "notes", chatId: "c1", notes: [note("n1", 1)] });
    state = chatsReducer(state, { type: "note", note: note("n2", 2) });
    state = chatsReducer(state, { type: "note", note: note("n2", 2) });
    state = chatsReducer(state, { type: "notes", chatId: "c1", notes: [note("n2", 2), note("n1", 1)] });
    expect(state.notes.c1?.map((n) => n.id)).toEqual(["n1", "n2"]);
  });
});

describe("edit and delete", () => {
  const mine = message(1, { sender: profile(ANNA, "Anna Kowalski"), createdAt: new Date(T0).toISOString() });
  it("the sender edits within 15 minutes, not after, and never someone else's", () => {
    expect(canEdit(mine, ANNA, T0 + 14 * 60_000)).toBe(true);
    expect(canEdit(mine, ANNA, T0 + 15 * 60_000)).toBe(false);
    expect(canEdit(message(1), ANNA, T0)).toBe(false);
  });
  it("the sender deletes for everyone at any time, once", () => {
    expect(canDelete(mine, ANNA)).toBe(true);
    expect(canDelete({ ...mine, deletedAt: new Date(T0).toISOString() }, ANNA)).toBe(false);
    expect(canDelete(message(1), ANNA)).toBe(false);
  });
});

describe("the composer", () => {
  it("sends text or files, not nothing, not over the limit, not while uploading", () => {
    expect(composerState("", 0, false).canSend).toBe(false);
    expect(composerState("   ", 0, false).canSend).toBe(false);
    expect(composerState("", 1, false).canSend).toBe(true);
    expect(composerState("hi", 0, true).canSend).toBe(false);
    expect(composerState("x".repeat(CHAT_MESSAGE_MAX), 0, false).canSend).toBe(true);
    expect(composerState("x".repeat(CHAT_MESSAGE_MAX + 1), 0, false)).toMatchObject({
      canSend: false,
      left: -1,
    });
  });
  it("shows the counter only near the limit", () => {
    expect(composerState("hello", 0, false).showCounter).toBe(false);
    expect(composerState("x".repeat(CHAT_MESSAGE_MAX - 150), 0, false)).toMatchObject({
      showCounter: true,
      left: 150,
    });
  });
});

describe("when the composer is replaced", () => {
  it("says why: the conversation's own reason, or the viewer's moderation limit", () => {
    expect(cannotWriteText(null)).toBeNull();
    expect(cannotWriteText("chat_unavailable")).toBe(messages.chatUnavailable);
    expect(cannotWriteText("account_limited")).toBe(messages.accountLimited);
  });
});

describe("the list and the history", () => {
  it("newest activity first; requests apart", () => {
    const older = chat({ id: "a", lastMessageAt: new Date(T0).toISOString() });
    const newer = chat({ id: "b", lastMessageAt: new Date(T0 + 1000).toISOString() });
    expect(sortChats([older, newer]).map((c) => c.id)).toEqual(["b", "a"]);
    expect(isRequest(chat({}, { request: "pending" }))).toBe(true);
    expect(isRequest(chat({}, { request: "accepted" }))).toBe(false);
  });

  it("groups one sender's messages within five minutes into a run", () => {
    const a = message(1);
    const b = message(2);
    const c = message(3, { sender: profile(ANNA, "Anna Kowalski") });
    const d = message(4, { createdAt: new Date(T0 + 10 * 60_000).toISOString() });
    expect(groupRuns([a, b, c, d]).map((run) => run.map((m) => m.seq))).toEqual([[1, 2], [3], [4]]);
  });

  it("shows Seen under the viewer's last message once the other side read it", () => {
    const mine = message(2, { sender: profile(ANNA, "Anna Kowalski") });
    const items = [message(1), mine];
    const unread = chat();
    expect(seenSeq(unread, items)).toBeNull();
    let state = chatsReducer(initialChatsState, { type: "listed", chats: [unread] });
    state = chatsReducer(state, { type: "read", chatId: "c1", profileId: PRIYA, seq: 2 });
    expect(seenSeq(state.chats.c1 as Chat, items)).toBe(2);
    // A read receipt never moves back.
    state = chatsReducer(state, { type: "read", chatId: "c1", profileId: PRIYA, seq: 1 });
    expect(seenSeq(state.chats.c1 as Chat, items)).toBe(2);
  });
});

function card(id: string, name: string): ProfileCard {
  return {
    id,
    slug: id,
    name,
    type: "user",
    profession: null,
    city: null,
    country: null,
    verificationStatus: "verified",
    image: null,
    followersCount: 0,
    followed: false,
    badge: null,
  } as ProfileCard;
}

describe("the member picker", () => {
  const anna = card(ANNA, "Anna Kowalski");
  const priya = card(PRIYA, "Priya Shah");
  const lena = card("p-lena", "Lena Berg");

  it("offers hits not chosen yet and never oneself or a member", () => {
    expect(offeredPeople([anna, priya, lena], [priya], [ANNA]).map((p) => p.id)).toEqual(["p-lena"]);
  });
  it("adds a pick once, and none past the group's room", () => {
    expect(withPick([anna], anna, 49)).toEqual([anna]);
    expect(withPick([anna], priya, 49)).toEqual([anna, priya]);
    expect(withPick([anna, priya], lena, 2)).toEqual([anna, priya]);
  });
  it("moves the highlight with the arrow keys, wrapping at both ends", () => {
    expect(movedActive(-1, 3, "ArrowDown")).toBe(0);
    expect(movedActive(2, 3, "ArrowDown")).toBe(0);
    expect(movedActive(0, 3, "ArrowUp")).toBe(2);
    expect(movedActive(1, 3, "ArrowUp")).toBe(0);
    expect(movedActive(0, 0, "ArrowDown")).toBe(-1);
  });
});

describe("reporting a message", () => {
  it("asks for a reason, and for words when the reason is other", () => {
    expect(chatReportFormSchema.safeParse({ description: "" }).success).toBe(false);
    expect(chatReportFormSchema.safeParse({ reason: "spam", description: "" }).success).toBe(true);
    const other = chatReportFormSchema.safeParse({ reason: "other", description: " " });
    expect(other.success).toBe(false);
    expect(other.error?.issues[0]?.message).toBe(messages.fieldRequired);
  });
  it("names the rate limit and a second report in words", () => {
    expect(chatReportErrorText(new ApiError(429, "report_tooMany", "x"))).toBe(messages.reportRateLimited);
    expect(chatReportErrorText(new ApiError(409, "request_conflict", "x"))).toBe(messages.chatsReportAlready);
    expect(chatReportErrorText(new Error("down"))).toBe(messages.reportFailed);
  });
});

describe("the company inbox's assignees", () => {
  function member(userId: string, name: string, role: TeamMember["role"]): TeamMember {
    return { userId, name, role } as TeamMember;
  }
  it("offers owners and managers (who hold chats), oneself and the current one, once each by name", () => {
    const people = [
      member("u-zoe", "Zoe Owner", "owner"),
      member("u-max", "Max Manager", "manager"),
      member("u-eve", "Eve Employee", "company_employee"),
      member("u-me", "Me Myself", "manager"),
    ];
    const options = assigneeOptions(people, { userId: "u-me", name: "Me Myself" }, null);
    expect(options.map((o) => o.userId)).toEqual(["u-max", "u-me", "u-zoe"]);
  });
  it("without the people tab still offers oneself and keeps the current assignee", () => {
    const options = assigneeOptions([], { userId: "u-me", name: "Me" }, { userId: "u-ann", name: "Ann" });
    expect(options.map((o) => o.userId)).toEqual(["u-ann", "u-me"]);
  });
});
