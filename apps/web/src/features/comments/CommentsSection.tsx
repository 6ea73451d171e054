"use client";

import type { ContentItem } from "@vn/contract";
import { commentsMessages } from "@vn/contract/messages/comments";
import { commonMessages } from "@vn/contract/messages/common";
import { useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/Button";
import { LazyDialog } from "@/components/ui/LazyDialog";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import { useIntentReplay, useSignInPrompt } from "@/features/accounts/SignInDialog";
import { NextPageFailed } from "@/features/content/NextPageFailed";
import { useVerificationGate } from "@/features/verification/use-verification-gate";
import { actorOf } from "@/lib/actor";
import { routes } from "@/lib/paths";
import { useSession } from "@/lib/session";
import { type CommentActions, CommentItem } from "./CommentItem";
import { commentsCountLabel } from "./comments-count";
import { LazyCommentComposer, preloadCommentComposer } from "./LazyCommentComposer";
import { useComments } from "./use-comments";

const blockedText = {
  off: commentsMessages.commentsOff,
  limited: commentsMessages.commentsLimited,
  limitReached: commentsMessages.commentLimitReached,
  unavailable: commentsMessages.commentsUnavailable,
} as const;

/**
 * The comments of one publication (§3 comments dialog, §4, §6, §7): the composer or why one may
 * not comment, the threads with reply mode, edit, delete, pin, and live changes from its room.
 */
export function CommentsSection({
  item,
  live = false,
  focusComposer = false,
}: {
  item: ContentItem;
  live?: boolean;
  /** Open with the comment box focused (a visitor pressed comment, then signed in: issue 18). */
  focusComposer?: boolean;
}) {
  const { user } = useSession();
  const signIn = useSignInPrompt();
  const comments = useComments(
    { ownerSlug: item.owner.slug, commentableType: item.type.id as never, commentableSlug: item.slug },
    live,
  );
  const [limitOpen, setLimitOpen] = useState(false);
  const actor = useMemo(() => actorOf(user), [user]);
  const dialog = comments.dialog;
  const gate = useVerificationGate();
  // Not verified (or read-only): the comment box opens the verification popup instead (§6).
  const gated = user !== null && !live && gate.popupFor("comments.write") !== null;
  const canWrite = Boolean(user && dialog?.canComment && !live && !gated);
  // A signed-in reader gets a comment box: load it while the dialog state is on its way.
  const signedIn = user !== null;
  useEffect(() => {
    if (signedIn && !live) preloadCommentComposer();
  }, [signedIn, live]);
  const actions: CommentActions = {
    reply: (draft, parentId) => comments.add(draft, parentId),
    edit: comments.edit,
    remove: comments.remove,
    setPinned: comments.setPinned,
    loadReplies: comments.loadReplies,
    onLimitReached: () => setLimitOpen(true),
  };
  const reason = dialog?.cannotCommentReason ?? null;
  // Nothing to show yet: the dialog state or the first page is on its way (not in live mode,
  // which shows what it has).
  const pending =
    comments.state.top.length === 0 &&
    !comments.pageError &&
    (comments.loading || (!dialog && !comments.dialogError && !live));
  // Signed in from the dialog after pressing comment here: the comment box, focused (once).
  const [focused, setFocused] = useState(focusComposer);
  useIntentReplay("comment", item.id, Boolean(dialog) && !live, () => {
    if (gated) gate.allows("comments.write");
    else setFocused(true);
  });
  return (
    <section
      aria-labelledby={`comments-${item.id}`}
      data-live={comments.joined ? "true" : undefined}
      className="flex flex-col gap-3"
    >
      <h2 id={`comments-${item.id}`} className="text-base font-semibold text-ink">
        {commentsMessages.commentsHeading}{" "}
        <span className="font-normal text-ink-muted" data-testid="comments-total">
          · {commentsCountLabel(comments.totalCount)}
        </span>
      </h2>
      {live ? (
        <p className="text-sm text-ink-muted">{commentsMessages.liveModeNoInteraction}</p>
      ) : gated ? (
        <button
          type="button"
          onClick={() => gate.allows("comments.write")}
          className="min-h-12 w-full cursor-pointer rounded-lg border border-line-strong bg-surface px-3 py-2 text-left text-[0.95rem] text-ink-muted hover:border-brand"
        >
          {commentsMessages.commentPlaceholder}
        </button>
      ) : !dialog ? (
        comments.dialogError ? null : (
          // The comment box's place while the dialog state is on its way (a visitor's box, the
          // usual case, is this tall): what follows does not move when it arrives (0027).
          <Skeleton className="h-12 w-full" />
        )
      ) : canWrite ? (
        <LazyCommentComposer
          key={focused ? "focused" : "idle"}
          autoFocus={focused}
          label={commentsMessages.commentFieldLabel}
          placeholder={commentsMessages.commentPlaceholder}
          submitLabel={commentsMessages.commentSubmit}
          onSubmit={(draft) =>
            comments.add(draft).catch((error: unknown) => {
              gate.refusedBy(error);
              throw error;
            })
          }
          onLimitReached={() => setLimitOpen(true)}
        />
      ) : !user ? (
        // A visitor's comment box opens the sign-in dialog; once signed in it is theirs (issue 18).
        <button
          type="button"
          onClick={() => signIn.prompt({ action: "comment", target: item.id })}
          aria-haspopup="dialog"
          className="min-h-12 w-full cursor-pointer rounded-lg border border-line-strong bg-surface px-3 py-2 text-left text-[0.95rem] text-ink-muted hover:border-brand"
        >
          {commentsMessages.commentPlaceholder}
        </button>
      ) : reason === "signInRequired" ? (
        <p className="text-sm text-ink-muted">
          <Link href={routes.login} className="font-semibold text-brand hover:underline">
            {commonMessages.signIn}
          </Link>{" "}
          · {commentsMessages.commentSignIn}
        </p>
      ) : reason ? (
        <p className="rounded-lg bg-canvas px-3 py-2 text-sm text-ink-muted">{blockedText[reason]}</p>
      ) : null}
      {pending ? (
        // Shaped like what arrives, so nothing below jumps when it does (0027): one comment (a
        // bubble and its actions line) when the item has any, else the one-line empty state.
        <div aria-busy="true">
          <span className="sr-only">{commonMessages.loading}</span>
          {item.comment === 0 ? (
            <div className="flex h-5 items-center">
              <Skeleton shape="text" className="w-48" />
            </div>
          ) : (
            <div className="flex gap-2.5 py-3">
              <Skeleton shape="circle" className="size-8" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-16" />
                <div className="flex h-5 items-center">
                  <Skeleton shape="text" className="w-24" />
                </div>
              </div>
            </div>
          )}
        </div>
      ) : null}
      {!comments.loading && dialog && comments.state.top.length === 0 && !comments.pageError ? (
        <p className="text-sm text-ink-muted">{commentsMessages.commentsEmpty}</p>
      ) : null}
      <ul aria-live="polite" className="flex flex-col divide-y divide-line">
        {comments.state.top.map((comment) => (
          <CommentItem
            key={comment.id}
            comment={comment}
            replies={comments.state.replies[comment.id]}
            canWrite={canWrite}
            signedIn={Boolean(user) && !live}
            viewer={{ actor: live ? null : actor, ownerProfileId: item.owner.id }}
            actions={actions}
          />
        ))}
      </ul>
      {comments.pageError ? (
        <NextPageFailed onRetry={comments.retry} frame="py-2" />
      ) : comments.hasMore ? (
        <Button
          variant="secondary"
          className="self-start"
          disabled={comments.loading}
          onClick={comments.loadMore}
        >
          {commentsMessages.loadMoreComments}
        </Button>
      ) : null}
      <LazyDialog
        open={limitOpen}
        onOpenChange={setLimitOpen}
        title={commentsMessages.commentLimitTitle}
        description={commentsMessages.commentLimitReached}
        size="sm"
        footer={<Button onClick={() => setLimitOpen(false)}>{commonMessages.close}</Button>}
      />
    </section>
  );
}
