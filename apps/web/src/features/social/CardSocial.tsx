"use client";

import type { ContentItem } from "@vn/contract";
import { CommentsButton } from "@/features/comments/CommentsButton";
import { ReportButton } from "@/features/forms/ReportButton";
import { useSession } from "@/lib/session";
import { ReactionsBar } from "./ReactionsBar";

/** A card's reactions and comment counter (the comments open in a dialog over the list). */
export function CardSocial({ item, live = false }: { item: ContentItem; live?: boolean }) {
  const { user } = useSession();
  if (item.status !== "active") return null;
  return (
    <div className="flex flex-wrap items-center gap-1">
      <ReactionsBar item={item} live={live} />
      <CommentsButton item={item} live={live} />
      {user && !item.isOwner && !live ? <ReportButton targetType="content" targetId={item.id} /> : null}
    </div>
  );
}
