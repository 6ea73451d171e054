"use client";

import type { Comment, CommentDeletedEvent, CommentEvent, CommentTarget } from "@vn/contract";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type AnswerOf, api } from "@/lib/api-client";
import { acquireSocket, listen, releaseSocket } from "@/lib/socket";
import { useCursorList } from "@/lib/use-cursor-list";
import { useResource } from "@/lib/use-resource";
import type { CommentDraft } from "./CommentComposer";
import {
  type CommentsState,
  emitCommentsUpdated,
  emptyComments,
  mergePage,
  pinComment,
  removeComments,
  setReplies,
  upsertComment,
} from "./comment-state";
import { joinContentRoom } from "./room-client";

type ListPage = AnswerOf<typeof api.comments.list>;

/** One page of an item's top-level comments: the first by page number (pinned first), then by cursor. */
function fetchPage([, contentId]: readonly [string, string], cursor: string | null): Promise<ListPage> {
  return api.comments.list({ params: { id: contentId }, query: cursor ? { cursor } : { page: 1 } });
}

/**
 * One item's comments (§3 comments dialog, §4 counter, §7 live events): the dialog state, the
 * loaded pages and threads, and the item's content room on the socket while shown.
 */
export function useComments(target: CommentTarget, live: boolean) {
  const dialog = useResource(api.comments.dialog, {
    query: {
      ownerSlug: target.ownerSlug,
      commentableType: target.commentableType,
      commentableSlug: target.commentableSlug,
    },
  });
  const info = dialog.data?.data;
  const [state, setState] = useState<CommentsState>(emptyComments);
  const [totalCount, setTotalCount] = useState<number | null>(null);
  /** In the item's room: live changes arrive. */
  const [joined, setJoined] = useState(false);
  const contentId = info?.commentableId ?? null;

  const updateCount = useCallback(
    (count: number) => {
      setTotalCount(count);
      if (contentId) emitCommentsUpdated({ contentId, totalCount: count });
    },
    [contentId],
  );

  // Pages come from the shared cursor list ("Show more comments" asks for the next); live events
  // and the viewer's writes change `state`, into which each page is merged once, as it arrives.
  const pages = useCursorList(contentId ? (["comments", contentId] as const) : null, fetchPage, {
    revalidateFirstPage: false,
    revalidateOnFocus: false,
  });
  const merged = useRef(new WeakSet<ListPage>());
  const shownFor = useRef<string | null>(null);
  // Before paint: a page that arrived would otherwise be painted once as "no comments yet" (the
  // list no longer loading, its state not merged yet), moving what is below twice (0027).
  useLayoutEffect(() => {
    if (!contentId) return;
    const fresh = shownFor.current !== contentId;
    if (fresh) {
      shownFor.current = contentId;
      merged.current = new WeakSet();
    }
    const arrived = (pages.data ?? []).filter((page) => !merged.current.has(page));
    if (!fresh && arrived.length === 0) return;
    for (const page of arrived) merged.current.add(page);
    setState((current) =>
      arrived.reduce((next, page) => mergePage(next, page.data), fresh ? emptyComments : current),
    );
    const last = arrived.at(-1);
    if (last) setTotalCount(last.meta.totalCount);
  }, [contentId, pages.data]);

  // Live: join the item's room and apply comments.* events (not in live mode: no interaction).
  const room = info?.room;
  const roomKey = room ? `${room.contentType}:${room.ownerSlug}:${room.contentSlug}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: roomKey stands for room (a new object on every revalidation)
  useEffect(() => {
    if (!room || !contentId || live) return;
    let cancelled = false;
    let acquired = false;
    const offs: Array<() => void> = [];
    void acquireSocket().then(async (socket) => {
      if (!socket) return;
      acquired = true;
      if (cancelled) {
        releaseSocket();
        return;
      }
      const mine = (event: { contentId: string }) => event.contentId === contentId;
      const onChange = (apply: (s: CommentsState, c: Comment) => CommentsState) => (event: CommentEvent) => {
        if (!mine(event)) return;
        setState((current) => apply(current, event.comment));
        updateCount(event.totalCount);
      };
      offs.push(
        listen(socket, "comments.created", onChange(upsertComment)),
        listen(socket, "comments.replied", onChange(upsertComment)),
        listen(socket, "comments.updated", onChange(upsertComment)),
        listen(socket, "comments.pinned", onChange(pinComment)),
        listen(socket, "comments.unpinned", onChange(pinComment)),
        listen<CommentDeletedEvent>(socket, "comments.deleted", (event) => {
          if (!mine(event)) return;
          setState((current) => removeComments(current, event.deletedIds, event.parentId));
          updateCount(event.totalCount);
        }),
      );
      const join = () =>
        void joinContentRoom(socket, room).then(
          () => !cancelled && setJoined(true),
          () => undefined,
        );
      if (socket.connected) join();
      else socket.once("connect", join);
    });
    return () => {
      cancelled = true;
      setJoined(false);
      for (const off of offs) off();
      if (acquired) releaseSocket();
    };
  }, [roomKey, contentId, live, updateCount]);

  const loadReplies = useCallback(async (parentId: string) => {
    const { data: list } = await api.comments.replies({ params: { id: parentId }, query: { perPage: 50 } });
    setState((current) => setReplies(current, parentId, list));
  }, []);

  const add = useCallback(
    async (draft: CommentDraft, parentId?: string) => {
      if (!contentId) return;
      const data = await api.comments.create({
        params: { id: contentId },
        body: { ...draft, imageId: draft.imageId ?? undefined, parentId },
      });
      setState((current) => upsertComment(current, data.data));
      updateCount(data.meta.totalCount);
    },
    [contentId, updateCount],
  );

  const edit = useCallback(async (id: string, draft: CommentDraft) => {
    const { data: comment } = await api.comments.update({ params: { id }, body: draft });
    setState((current) => upsertComment(current, comment));
  }, []);

  const remove = useCallback(
    async (comment: Comment) => {
      await api.comments.remove({ params: { id: comment.id } });
      const ids = [comment.id, ...(state.replies[comment.id] ?? []).map((c) => c.id)];
      setState((current) => removeComments(current, ids, comment.parentId));
      const removed = comment.parentId ? 1 : 1 + comment.replyCount;
      updateCount(Math.max(0, (totalCount ?? 0) - removed));
    },
    [state.replies, totalCount, updateCount],
  );

  const setPinned = useCallback(async (comment: Comment, pinned: boolean) => {
    const params = { id: comment.id };
    const data = pinned ? await api.comments.pin({ params }) : await api.comments.unpin({ params });
    setState((current) => pinComment(current, data.data));
  }, []);

  return {
    dialog: info,
    joined,
    dialogError: dialog.error as unknown,
    state,
    totalCount: totalCount ?? info?.totalCount ?? 0,
    hasMore: pages.hasMore,
    loading: Boolean(contentId) && (pages.loadingFirst || pages.loadingMore),
    pageError: Boolean(pages.error),
    loadMore: pages.loadMore,
    retry: pages.retry,
    loadReplies,
    add,
    edit,
    remove,
    setPinned,
    refreshDialog: () => void dialog.mutate(),
  };
}
