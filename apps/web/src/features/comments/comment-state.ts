import { type Actor, type Comment, can } from "@vn/contract";
import { byCodeUnits } from "../../lib/order";

/** The window event a page listens to for an item's comment counter (spec §4). */
export const COMMENTS_UPDATED_EVENT = "comments-updated";

export interface CommentsUpdatedDetail {
  contentId: string;
  totalCount: number;
}

/** Tells the page an item's counter moved (the counter adds or subtracts, §4). */
export function emitCommentsUpdated(detail: CommentsUpdatedDetail): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent<CommentsUpdatedDetail>(COMMENTS_UPDATED_EVENT, { detail }));
}

/** The counter after a change: the server's count when it sent one, else ours plus the delta. */
export function nextCount(current: number, delta: number, serverCount?: number): number {
  if (typeof serverCount === "number" && Number.isFinite(serverCount)) return Math.max(0, serverCount);
  return Math.max(0, current + delta);
}

/**
 * Top-level comments and the loaded replies of each thread. Live events and the viewer's own
 * writes both go through these functions, so an echo of one's own write changes nothing twice.
 */
export interface CommentsState {
  top: Comment[];
  replies: Record<string, Comment[]>;
}

export const emptyComments: CommentsState = { top: [], replies: {} };

const byPinnedThenNewest = (a: Comment, b: Comment) =>
  Number(b.pinned) - Number(a.pinned) || byCodeUnits(b.createdAt, a.createdAt);

/** Keeps the viewer's permissions of a comment already held when an event (without them) replaces it. */
function merge(old: Comment | undefined, next: Comment): Comment {
  return old?.permissions && !next.permissions ? { ...next, permissions: old.permissions } : next;
}

export function upsertComment(state: CommentsState, comment: Comment): CommentsState {
  if (comment.parentId) {
    const list = state.replies[comment.parentId] ?? [];
    const old = list.find((c) => c.id === comment.id);
    const nextList = old
      ? list.map((c) => (c.id === comment.id ? merge(c, comment) : c))
      : [...list, comment];
    const top = old
      ? state.top
      : state.top.map((c) =>
          c.id === comment.parentId ? { ...c, replyCount: Math.max(c.replyCount, nextList.length) } : c,
        );
    return { top, replies: { ...state.replies, [comment.parentId]: nextList } };
  }
  const old = state.top.find((c) => c.id === comment.id);
  const top = old
    ? state.top.map((c) => (c.id === comment.id ? merge(c, comment) : c))
    : [comment, ...state.top];
  return { ...state, top: [...top].sort(byPinnedThenNewest) };
}

/** Pinning one comment unpins the others (one pinned comment per publication). */
export function pinComment(state: CommentsState, comment: Comment): CommentsState {
  const top = comment.pinned ? state.top.map((c) => (c.pinned ? { ...c, pinned: false } : c)) : state.top;
  return upsertComment({ ...state, top }, comment);
}

export function removeComments(
  state: CommentsState,
  ids: readonly string[],
  parentId: string | null,
): CommentsState {
  const gone = new Set(ids);
  const replies: Record<string, Comment[]> = {};
  for (const [key, list] of Object.entries(state.replies)) {
    if (!gone.has(key)) replies[key] = list.filter((c) => !gone.has(c.id));
  }
  const top = state.top
    .filter((c) => !gone.has(c.id))
    .map((c) =>
      parentId && c.id === parentId ? { ...c, replyCount: Math.max(0, c.replyCount - ids.length) } : c,
    );
  return { top, replies };
}

/** Appends a loaded page without duplicating comments a live event already brought. */
export function appendPage(state: CommentsState, page: readonly Comment[]): CommentsState {
  const seen = new Set(state.top.map((c) => c.id));
  return { ...state, top: [...state.top, ...page.filter((c) => !seen.has(c.id))] };
}

/**
 * A page merged into what is shown: new comments join in list order (pinned, then newest), and
 * those already held keep their live state (a page fetched before an event is the older news).
 */
export function mergePage(state: CommentsState, page: readonly Comment[]): CommentsState {
  const appended = appendPage(state, page);
  return { ...appended, top: [...appended.top].sort(byPinnedThenNewest) };
}

export function setReplies(state: CommentsState, parentId: string, list: readonly Comment[]): CommentsState {
  const live = (state.replies[parentId] ?? []).filter((c) => !list.some((l) => l.id === c.id));
  return { ...state, replies: { ...state.replies, [parentId]: [...list, ...live] } };
}

export interface CommentViewer {
  /** Who is acting (actorOf the Session user); null for visitors and in live mode. */
  actor: Actor | null;
  /** The profile that owns the publication the comments are on. */
  ownerProfileId: string;
}

/**
 * What the viewer may do with a comment that arrived live (events carry no permissions): the
 * contract's rule, as the API applies it. One's own comment (written as the acting profile, within
 * the acting member's `comments` scope): edit and delete; moderating (the acting profile's own
 * publication, `comments` scope `all`): delete any, pin heads. The server still decides on every
 * write.
 */
export function permissionsOf(comment: Comment, viewer: CommentViewer): NonNullable<Comment["permissions"]> {
  if (comment.permissions) return comment.permissions;
  const { actor } = viewer;
  if (!actor) return { edit: false, delete: false, pin: false };
  // A comment carries its author profile, not the person who wrote it for a company: acting as
  // oneself that is the person; acting for a company it is unknown (left out of the resource).
  const authorUserId = actor.companyRole === null ? actor.userId : undefined;
  const own = comment.author.id === actor.profileId && can(actor, "comments.write", { authorUserId });
  const moderates = can(actor, "comments.moderate", { ownerProfileId: viewer.ownerProfileId });
  return { edit: own, delete: own || moderates, pin: moderates && comment.parentId === null };
}
