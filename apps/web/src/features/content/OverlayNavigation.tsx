"use client";

import type { ContentItem } from "@vn/contract";
import { contentMessages } from "@vn/contract/messages/content";
import { useEffect, useState } from "react";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { sessionStore } from "@/features/accounts/pending-intent";
import { api } from "@/lib/api-client";
import { listQuery } from "./list-query";
import { keptOverlayList, neighboursIn, neighbourUrl } from "./overlay-list";
import type { OverlayView } from "./overlay-url";

/** As many of the owner's posts as one page holds: a reload steps through the newest of them. */
const OWNER_POSTS_PAGE = 100;

async function ownerPosts(ownerSlug: string): Promise<string[]> {
  const page = await api.content.listByProfile({
    params: { slug: ownerSlug },
    query: {
      ...listQuery({ slug: ownerSlug, tab: "media", section: "posts", status: null }, null),
      pagination: JSON.stringify({ page: 1, perPage: OWNER_POSTS_PAGE }),
    },
  });
  // The overlay steps through posts (not the reposts the posts section lists with them).
  return page.data.filter((item) => item.type.id === "post").map((item) => item.path);
}

/**
 * Previous / next on the page a post overlay's URL reloads into (§2 post overlay, issue 18): with
 * `navigate=true` the page steps through the list the overlay stepped through — the one kept
 * under its initiator, or with `owner=true` the owner's posts, asked for when none was kept — and
 * each step keeps the overlay's query (initiator, owner, text-only).
 */
export function OverlayNavigation({ item, view }: { item: ContentItem; view: OverlayView }) {
  const [paths, setPaths] = useState<string[] | null>(null);
  const { navigate, owner, initiator } = view;
  useEffect(() => {
    let current = true;
    const kept = keptOverlayList(sessionStore(), { navigate, owner, initiator }, item.owner.slug);
    if (kept?.includes(item.path)) setPaths(kept);
    else if (navigate === true && owner === true)
      void ownerPosts(item.owner.slug)
        .then((found) => {
          if (current) setPaths(found);
        })
        .catch(() => undefined);
    else setPaths(null);
    return () => {
      current = false;
    };
  }, [item.path, item.owner.slug, navigate, owner, initiator]);

  const neighbours = paths ? neighboursIn(paths, item.path) : null;
  if (!neighbours || (!neighbours.previous && !neighbours.next)) return null;
  const linkClass =
    "inline-flex min-h-10 items-center gap-1.5 rounded-full border border-line px-4 text-sm font-semibold text-ink hover:bg-black/5";
  return (
    <nav aria-label={contentMessages.postNavigation} className="mt-5 flex items-center justify-between gap-2">
      {neighbours.previous ? (
        <Link href={neighbourUrl(neighbours.previous, view)} className={linkClass} rel="prev">
          <Icon name="arrowLeft" size={18} />
          {contentMessages.previousPost}
        </Link>
      ) : (
        <span />
      )}
      {neighbours.next ? (
        <Link href={neighbourUrl(neighbours.next, view)} className={linkClass} rel="next">
          {contentMessages.nextPost}
          <Icon name="chevronRight" size={18} />
        </Link>
      ) : null}
    </nav>
  );
}
