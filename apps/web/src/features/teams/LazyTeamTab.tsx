"use client";

import { commonMessages } from "@vn/contract/messages/common";
import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/Skeleton";

/**
 * The people tab of a company page (TeamTab), split from the profile page's first load: its
 * dialogs (invite, placement, my details, confirmations) and rules load with the tab. Rendered on
 * the server as before when the page opens on the tab; a tab switch shows this frame meanwhile.
 */
export const LazyTeamTab = dynamic(() => import("./TeamTab").then((module) => module.TeamTab), {
  loading: () => (
    <div className="flex flex-col gap-4">
      <div aria-busy="true" className="flex flex-col gap-4 rounded-card bg-surface p-5 shadow-card sm:p-6">
        <span className="sr-only">{commonMessages.loading}</span>
        <Skeleton className="h-7 w-40" />
        {[0, 1].map((row) => (
          <div key={row} className="flex items-center gap-3">
            <Skeleton shape="circle" className="size-16" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </div>
        ))}
      </div>
    </div>
  ),
});
