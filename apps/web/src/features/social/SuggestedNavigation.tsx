"use client";

import { socialMessages } from "@vn/contract/messages/social";
import { useEffect, useState } from "react";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { type Neighbours, neighboursOf } from "./suggested-navigation";

/** Previous / next among the suggested publications the reader came from (spec §2). */
export function SuggestedNavigation({ path }: { path: string }) {
  const [neighbours, setNeighbours] = useState<Neighbours | null>(null);
  useEffect(() => {
    setNeighbours(neighboursOf(window.sessionStorage, path));
  }, [path]);
  if (!neighbours || (!neighbours.previous && !neighbours.next)) return null;
  const linkClass =
    "inline-flex min-h-10 items-center gap-1.5 rounded-full border border-line px-4 text-sm font-semibold text-ink hover:bg-black/5";
  return (
    <nav aria-label={socialMessages.suggestedNavigation} className="flex items-center justify-between gap-2">
      {neighbours.previous ? (
        <Link href={neighbours.previous} className={linkClass} rel="prev">
          <Icon name="arrowLeft" size={18} />
          {socialMessages.previousPublication}
        </Link>
      ) : (
        <span />
      )}
      {neighbours.next ? (
        <Link href={neighbours.next} className={linkClass} rel="next">
          {socialMessages.nextPublication}
          <Icon name="chevronRight" size={18} />
        </Link>
      ) : null}
    </nav>
  );
}
