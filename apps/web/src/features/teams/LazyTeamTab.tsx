"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/Skeleton";
import { MembersSkeleton } from "./MembersSkeleton";

/**
 * The people tab of a company page (TeamTab), split from the profile page's first load: its
 * dialogs (invite, placement, my details, confirmations) and rules load with the tab. Rendered on
 * the server as before when the page opens on the tab; a tab switch shows this frame meanwhile.
 */
export const LazyTeamTab = dynamic(() => import("./TeamTab").then((module) => module.TeamTab), {
  loading: () => (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-4 rounded-card bg-surface p-5 shadow-card sm:p-6">
        <Skeleton className="h-7 w-40" />
        <MembersSkeleton />
      </div>
    </div>
  ),
});
