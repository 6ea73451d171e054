"use client";

import { type Comment, format } from "@vn/contract";
import { commentsMessages } from "@vn/contract/messages/comments";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Avatar } from "@/components/ui/Avatar";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { DeferredMenu } from "@/components/ui/DeferredMenu";
import { Icon } from "@/components/ui/Icon";
import { LazyDialog } from "@/components/ui/LazyDialog";
import { Link } from "@/components/ui/Link";
import type { MenuItem } from "@/components/ui/Menu";
import { formatDateTime } from "@/features/content/kinds";
import { ApiError } from "@/lib/api-error";
import { LazyReportDialog } from "../forms/LazyReportDialog";
import type { CommentDraft } from "./CommentComposer";
import { CommentImage } from "./CommentImage";
import { type CommentViewer, permissionsOf } from "./comment-state";
import { LazyCommentComposer } from "./LazyCommentComposer";

export interface CommentActions {
  reply: (draft: CommentDraft, parentId: string) => Promise<void>;
  edit: (id: string, draft: CommentDraft) => Promise<void>;
  remove: (comment: Comment) => Promise<void>;
  setPinned: (comment: Comment, pinned: boolean) => Promise<void>;
  loadReplies: (parentId: string) => Promise<void>;
  onLimitReached: () => void;
}

export interface CommentItemProps {
  comment: Comment;
  replies: Comment[] | undefined;
  /** Signed in, allowed to comment, not in live mode. */
  canWrite: boolean;
  signedIn: boolean;
  viewer: CommentViewer;
  actions: CommentActions;
}

/** One comment with its actions and, for a thread's head, its replies and the reply mode. */
export function CommentItem({ comment, replies, canWrite, signedIn, viewer, actions }: CommentItemProps) {
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const isHead = comment.parentId === null;
  const permissions = permissionsOf(comment, viewer);
  const fail = (error: unknown) =>
    snackbar.show(error instanceof ApiError ? error.message : commonMessages.somethingWentWrong, {
      tone: "error",
    });

  const menu: MenuItem[] = [];
  if (permissions?.edit)
    menu.push({ label: sharedMessages.editAction, icon: "document", onSelect: () => setEditing(true) });
  if (permissions?.pin && isHead)
    menu.push({
      label: comment.pinned ? commentsMessages.unpinAction : commentsMessages.pinAction,
      icon: "pin",
      onSelect: () => void actions.setPinned(comment, !comment.pinned).catch(fail),
    });
  if (permissions?.delete)
    menu.push({
      label: sharedMessages.deleteAction,
      icon: "close",
      danger: true,
      onSelect: () => setConfirmDelete(true),
    });
  if (signedIn && !permissions?.edit)
    menu.push({ label: sharedMessages.reportAction, icon: "flag", onSelect: () => setReporting(true) });

  const toggleReplies = async () => {
    if (!showReplies && replies === undefined) await actions.loadReplies(comment.id).catch(fail);
    setShowReplies((open) => !open);
  };
  const replyCount = Math.max(comment.replyCount, replies?.length ?? 0);

  return (
    <li className="flex gap-2.5 py-3" data-comment-id={comment.id}>
      <span aria-hidden="true" className="inline-flex shrink-0 pt-0.5">
        <Avatar
          name={comment.author.name}
          src={comment.author.image?.urls.preview ?? null}
          size={isHead ? "sm" : "xs"}
          shape={comment.author.type === "company" ? "square" : "circle"}
        />
      </span>
      <article
        className="min-w-0 flex-1"
        aria-label={format(sharedMessages.postBy, { name: comment.author.name })}
      >
        <div className="rounded-lg bg-canvas px-3 py-2">
          <div className="flex items-start justify-between gap-2">
            <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
              <Link
                href={`/${encodeURIComponent(comment.author.slug)}`}
                className="truncate font-semibold text-ink hover:underline"
              >
                {comment.author.name}
              </Link>
              <time dateTime={comment.createdAt} className="text-xs text-ink-muted">
                {formatDateTime(comment.createdAt)}
              </time>
              {comment.edited ? (
                <span className="text-xs text-ink-muted">· {commentsMessages.editedLabel}</span>
              ) : null}
              {comment.pinned ? (
                <Badge tone="brand">
                  <Icon name="pin" size={12} />
                  {commentsMessages.pinnedLabel}
                </Badge>
              ) : null}
            </p>
            {menu.length > 0 ? (
              <DeferredMenu
                trigger={
                  <button
                    type="button"
                    aria-label={commentsMessages.commentActions}
                    className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-black/5 hover:text-ink"
                  >
                    <Icon name="more" size={20} />
                  </button>
                }
                items={menu}
              />
            ) : null}
          </div>
          {editing ? (
            <div className="mt-2">
              <LazyCommentComposer
                label={commentsMessages.commentFieldLabel}
                placeholder={commentsMessages.commentPlaceholder}
                submitLabel={commentsMessages.saveAction}
                initial={comment.body}
                initialImage={comment.image}
                autoFocus
                compact
                onSubmit={async (draft) => {
                  await actions.edit(comment.id, draft);
                  setEditing(false);
                }}
                onCancel={() => setEditing(false)}
              />
            </div>
          ) : (
            <>
              {comment.body ? (
                <p className="mt-1 text-[0.95rem] break-words whitespace-pre-line text-ink">{comment.body}</p>
              ) : null}
              {comment.image ? <CommentImage image={comment.image} authorName={comment.author.name} /> : null}
            </>
          )}
        </div>
        <div className="mt-0.5 flex flex-wrap items-center gap-1">
          {canWrite ? (
            <Button
              variant="tertiary"
              className="min-h-9 px-2 text-sm"
              aria-expanded={replying}
              onClick={() => setReplying((open) => !open)}
            >
              {commentsMessages.replyAction}
            </Button>
          ) : null}
          {isHead && replyCount > 0 ? (
            <Button
              variant="tertiary"
              className="min-h-9 px-2 text-sm"
              aria-expanded={showReplies}
              onClick={() => void toggleReplies()}
            >
              {showReplies
                ? commentsMessages.hideReplies
                : format(commentsMessages.showReplies, { count: replyCount })}
            </Button>
          ) : null}
        </div>
        {replying ? (
          <div className="mt-2">
            <p className="mb-1 text-xs font-semibold text-ink-muted">
              {format(commentsMessages.replyingTo, { name: comment.author.name })}
            </p>
            <LazyCommentComposer
              label={format(commentsMessages.replyFieldLabel, { name: comment.author.name })}
              placeholder={commentsMessages.replyPlaceholder}
              submitLabel={commentsMessages.replySubmit}
              autoFocus
              compact
              onLimitReached={actions.onLimitReached}
              onSubmit={async (draft) => {
                await actions.reply(draft, comment.id);
                setReplying(false);
                if (isHead) setShowReplies(true);
              }}
              onCancel={() => setReplying(false)}
            />
          </div>
        ) : null}
        {isHead && showReplies && replies && replies.length > 0 ? (
          <ul className="mt-1 flex flex-col">
            {replies.map((reply) => (
              <CommentItem
                key={reply.id}
                comment={reply}
                replies={undefined}
                canWrite={canWrite}
                signedIn={signedIn}
                viewer={viewer}
                actions={actions}
              />
            ))}
          </ul>
        ) : null}
      </article>
      <LazyDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={commentsMessages.deleteCommentTitle}
        description={commentsMessages.deleteCommentBody}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              {commonMessages.cancel}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setConfirmDelete(false);
                void actions.remove(comment).catch(fail);
              }}
            >
              {sharedMessages.deleteAction}
            </Button>
          </>
        }
      />
      {reporting ? (
        <LazyReportDialog
          targetType="comment"
          targetId={comment.id}
          open={reporting}
          onOpenChange={setReporting}
        />
      ) : null}
    </li>
  );
}
