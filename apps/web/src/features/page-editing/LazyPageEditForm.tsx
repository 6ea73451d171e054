"use client";

import { commonMessages } from "@vn/contract/messages/common";
import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/Skeleton";

/**
 * The "Edit page" form (PageEditForm), loaded when the dialog first opens: the profile page then
 * carries neither react-hook-form nor zod and the contract's field schemas in its first load.
 */
export const LazyPageEditForm = dynamic(
  () => import("./PageEditForm").then((module) => module.PageEditForm),
  {
    ssr: false,
    loading: () => (
      <div className="flex flex-col gap-4" aria-busy="true">
        <span className="sr-only">{commonMessages.loading}</span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    ),
  },
);
