"use client";

import { useEffect, useState } from "react";
import { COMMENTS_UPDATED_EVENT, type CommentsUpdatedDetail } from "./comment-state";

/** An item's comment count that follows the comments-updated event (§4 counter). */
export function useCommentsCount(contentId: string, initial: number): number {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  useEffect(() => {
    const onUpdate = (event: Event) => {
      const detail = (event as CustomEvent<CommentsUpdatedDetail>).detail;
      if (detail?.contentId === contentId) setCount(detail.totalCount);
    };
    window.addEventListener(COMMENTS_UPDATED_EVENT, onUpdate);
    return () => window.removeEventListener(COMMENTS_UPDATED_EVENT, onUpdate);
  }, [contentId]);
  return count;
}
