"use client";

import { type ContentItem, format } from "@vn/contract";
import { commentsMessages } from "@vn/contract/messages/comments";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { LazyDialog } from "@/components/ui/LazyDialog";
import { useIntentReplay } from "@/features/accounts/SignInDialog";
import { commentsCountLabel } from "./comments-count";
import { LazyCommentsSection } from "./LazyCommentsSection";
import { useCommentsCount } from "./use-comments-count";

/** A card's comment counter; opens the comments dialog (§3) over the list. */
export function CommentsButton({ item, live = false }: { item: ContentItem; live?: boolean }) {
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState(false);
  const count = useCommentsCount(item.id, item.comment);
  // A visitor pressed comment in this card's dialog and signed in: open it with the box focused.
  useIntentReplay("comment", item.id, !live && !open, () => {
    setFocus(true);
    setOpen(true);
  });
  if (item.contentInteractionConfig.commentsMode === "off" && count === 0) return null;
  return (
    <>
      <Button variant="tertiary" onClick={() => setOpen(true)} aria-haspopup="dialog" className="px-3">
        <Icon name="comment" size={18} />
        {count > 0 ? (
          <span className="tabular-nums">{commentsCountLabel(count)}</span>
        ) : (
          <span className="max-sm:sr-only">{commentsMessages.commentsOpenAction}</span>
        )}
      </Button>
      <LazyDialog
        open={open}
        onOpenChange={setOpen}
        title={format(sharedMessages.postBy, { name: item.owner.name })}
        size="lg"
      >
        {open ? <LazyCommentsSection item={item} live={live} focusComposer={focus} /> : null}
      </LazyDialog>
    </>
  );
}
