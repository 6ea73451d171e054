import type { Comment, ContentRoomRef } from "@vn/contract";
import { describe, expect, it, vi } from "vitest";
import {
  appendPage,
  COMMENTS_UPDATED_EVENT,
  emitCommentsUpdated,
  emptyComments,
  nextCount,
  pinComment,
  removeComments,
  setReplies,
  upsertComment,
} from "../src/features/comments/comment-state";
import { ContentRooms } from "../src/features/comments/content-rooms";
import { unreadBadge } from "../src/features/notifications/notification-text";
import { highlightSegments } from "../src/features/search/highlight";
import { applyReaction, tallyOf, topKinds } from "../src/features/social/reactions";
import {
  neighboursOf,
  readSuggested,
  type StorageLike,
  saveSuggested,
} from "../src/features/social/suggested-navigation";

const room = (n: number): ContentRoomRef => ({
  ownerSlug: "anna",
  contentSlug: `post-${n}`,
  contentType: "post",
});

function comment(id: string, extra: Partial<Comment> = {}): Comment {
  return {
    id,
    contentId: "c1",
    parentId: null,
    body: `body ${id}`,
    author: {
      id: "p1",
      slug: "anna",
      name: "Anna",
      type: "user",
      verificationStatus: "verified",
      image: null,
    },
    createdAt: `2026-01-01T00:00:0${id.length}Z`,
    updatedAt: "2026-01-01T00:00:00Z",
    edited: false,
    pinned: false,
    replyCount: 0,
    image: null,
    ...extra,
  };
}

describe("content rooms (§4, §9: at most 5)", () => {
  it("evicts the room used longest ago when a sixth is joined", () => {
    const rooms = new ContentRooms(5);
    for (let n = 1; n <= 5; n++) expect(rooms.use(room(n))).toEqual([]);
    expect(rooms.use(room(6))).toEqual([room(1)]);
    expect(rooms.list()).toHaveLength(5);
    expect(rooms.has(room(1))).toBe(false);
  });

  it("using a room again makes it the newest", () => {
    const rooms = new ContentRooms(5);
    for (let n = 1; n <= 5; n++) rooms.use(room(n));
    rooms.use(room(1));
    expect(rooms.use(room(6))).toEqual([room(2)]);
    expect(rooms.has(room(1))).toBe(true);
  });
});

describe("comment counter and state", () => {
  it("adds or subtracts, and prefers the server's count", () => {
    expect(nextCount(3, 1)).toBe(4);
    expect(nextCount(0, -1)).toBe(0);
    expect(nextCount(3, 1, 10)).toBe(10);
  });

  it("emits comments-updated on window", () => {
    const target = new EventTarget();
    vi.stubGlobal("window", target);
    const seen: unknown[] = [];
    target.addEventListener(COMMENTS_UPDATED_EVENT, (event) => seen.push((event as CustomEvent).detail));
    emitCommentsUpdated({ contentId: "c1", totalCount: 2 });
    vi.unstubAllGlobals();
    expect(seen).toEqual([{ contentId: "c1", totalCount: 2 }]);
  });

  it("applies an echo of one's own comment once", () => {
    const once = upsertComment(emptyComments, comment("a"));
    expect(upsertComment(once, comment("a")).top).toHaveLength(1);
  });

  it("keeps the viewer's permissions when an event replaces a comment", () => {
    const mine = comment("a", { permissions: { edit: true, delete: true, pin: false } });
    const state = upsertComment(
      upsertComment(emptyComments, mine),
      comment("a", { body: "edited", edited: true }),
    );
    expect(state.top[0]?.body).toBe("edited");
    expect(state.top[0]?.permissions?.edit).toBe(true);
  });

  it("adds replies to their thread and counts them on the head", () => {
    const state = upsertComment(upsertComment(emptyComments, comment("a")), comment("r1", { parentId: "a" }));
    expect(state.replies.a).toHaveLength(1);
    expect(state.top[0]?.replyCount).toBe(1);
  });

  it("pins one comment at a time and lists it first", () => {
    let state = appendPage(emptyComments, [comment("bbb"), comment("a", { pinned: true })]);
    state = pinComment(state, comment("c", { pinned: true }));
    expect(state.top[0]?.id).toBe("c");
    expect(state.top.filter((c) => c.pinned).map((c) => c.id)).toEqual(["c"]);
  });

  it("removes a thread's head with its replies", () => {
    let state = upsertComment(emptyComments, comment("a", { replyCount: 1 }));
    state = setReplies(state, "a", [comment("r1", { parentId: "a" })]);
    state = removeComments(state, ["a", "r1"], null);
    expect(state.top).toEqual([]);
    expect(state.replies.a).toBeUndefined();
  });

  it("does not duplicate a live comment when the next page brings it", () => {
    const state = appendPage(upsertComment(emptyComments, comment("a")), [comment("a"), comment("b")]);
    expect(state.top.map((c) => c.id)).toEqual(["a", "b"]);
  });
});

describe("previous/next among suggested content (per visited path)", () => {
  const memory = (): StorageLike => {
    const map = new Map<string, string>();
    return { getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value) };
  };

  it("finds neighbours in the list of the last list page visited", () => {
    const storage = memory();
    saveSuggested(storage, "/anna/network/suggested", ["/a", "/b", "/c"]);
    expect(neighboursOf(storage, "/b")).toEqual({
      origin: "/anna/network/suggested",
      previous: "/a",
      next: "/c",
    });
    expect(neighboursOf(storage, "/z")).toBeNull();
  });

  it("keeps one list per path", () => {
    const storage = memory();
    saveSuggested(storage, "/one", ["/a"]);
    saveSuggested(storage, "/two", ["/b"]);
    expect(readSuggested(storage, "/one")).toEqual(["/a"]);
    expect(neighboursOf(storage, "/a")).toBeNull();
  });
});

describe("search highlights", () => {
  it("turns marks into segments and decodes entities without rendering HTML", () => {
    expect(highlightSegments("Anna <mark>Kowalski</mark> &amp; &lt;b&gt;")).toEqual([
      { text: "Anna ", match: false },
      { text: "Kowalski", match: true },
      { text: " & <b>", match: false },
    ]);
  });
});

describe("reactions", () => {
  it("moves the viewer's reaction between kinds", () => {
    const tally = tallyOf({ like: 2, celebrate: 1 }, "like");
    const moved = applyReaction(tally, "celebrate");
    expect(moved.counts.like).toBe(1);
    expect(moved.counts.celebrate).toBe(2);
    expect(moved.total).toBe(3);
    expect(applyReaction(moved, null).total).toBe(2);
    expect(topKinds(moved)).toEqual(["celebrate", "like"]);
  });
});

describe("notifications badge", () => {
  it("caps at 99+", () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(5)).toBe("5");
    expect(unreadBadge(150)).toBe("99+");
  });
});
