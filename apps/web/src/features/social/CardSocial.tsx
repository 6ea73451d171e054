"use client";

import type { ContentItem } from "@vn/contract";
import { CommentsButton } from "@/features/comments/CommentsButton";
import { ReactionsBar } from "./ReactionsBar";

/** A card's reactions and comment counter (the comments open in a dialog over the list). */
export function CardSocial({ item, live = false }: { item: ContentItem; live?: boolean }) {
  if (item.status !== "active") return null;
  return (
    <div className="flex flex-wrap items-center gap-1">
      <ReactionsBar item={item} live={live} />
      <CommentsButton item={item} live={live} />
    </div>
  );
}
