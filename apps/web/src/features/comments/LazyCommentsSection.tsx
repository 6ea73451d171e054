"use client";

import { commonMessages } from "@vn/contract/messages/common";
import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/Skeleton";

/**
 * The comments of a publication (CommentsSection: the list, its actions and dialogs, the live
 * room), split from the /{slug} route's first load, which profiles share with publications: a
 * profile's cards open it in a dialog, on demand. A publication page renders it on the server as
 * before, so its chunk comes with that page (decision 0027, session 15).
 */
export const LazyCommentsSection = dynamic(
  () => import("./CommentsSection").then((module) => module.CommentsSection),
  {
    loading: () => (
      <div className="flex flex-col gap-3" role="status" aria-label={commonMessages.loading}>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    ),
  },
);
