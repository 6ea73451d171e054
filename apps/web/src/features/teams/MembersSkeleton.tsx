import { commonMessages } from "@vn/contract/messages/common";
import { Skeleton } from "@/components/ui/Skeleton";

/** The team list's loading frame: the tab's own (TeamTab) and its lazy loader's (LazyTeamTab). */
export function MembersSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">{commonMessages.loading}</span>
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
  );
}
