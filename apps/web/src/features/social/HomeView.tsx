"use client";

import { messages, type ReactionKind } from "@vn/contract";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Skeleton } from "@/components/ui/Skeleton";
import { api } from "@/lib/api-client";
import { routes } from "@/lib/paths";
import { useSession } from "@/lib/session";
import { useResource } from "@/lib/use-resource";
import { ContentFeed } from "./ContentFeed";
import { SuggestionCard } from "./SuggestionCard";
import { saveSuggested } from "./suggested-navigation";
import { useHomeFeed } from "./use-home-feed";
import { ViewerReactionsProvider } from "./viewer-reactions";

function Suggestions({ enabled, onFollowChange }: { enabled: boolean; onFollowChange: () => void }) {
  const list = useResource(api.social.suggested, enabled ? { query: { limit: 6 } } : null);
  const suggestions = list.data?.data;
  return (
    <section aria-labelledby="suggested-heading" className="rounded-card bg-surface p-4 shadow-card sm:p-5">
      <h2 id="suggested-heading" className="text-base font-semibold text-ink">
        {messages.suggestedHeading}
      </h2>
      {!suggestions && !list.error ? (
        <div aria-busy="true" className="mt-3 flex flex-col gap-4">
          <span className="sr-only">{messages.loading}</span>
          {[0, 1, 2].map((n) => (
            <div key={n} className="flex items-center gap-3">
              <Skeleton shape="circle" className="size-10" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-3.5 w-2/3" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </div>
          ))}
        </div>
      ) : suggestions && suggestions.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{messages.suggestedEmpty}</p>
      ) : list.error ? (
        <div role="alert" className="mt-2 flex flex-col items-start gap-2">
          <p className="text-sm text-ink">{messages.somethingWentWrong}</p>
          <Button variant="secondary" onClick={() => void list.mutate()}>
            {messages.tryAgain}
          </Button>
        </div>
      ) : (
        <ul className="mt-1 flex flex-col divide-y divide-line max-lg:[&>li:nth-child(3)]:border-b-0 max-lg:[&>li:nth-child(n+4)]:hidden">
          {suggestions?.map((suggestion) => (
            <SuggestionCard
              key={suggestion.profile.id}
              suggestion={suggestion}
              onFollowChange={onFollowChange}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function Feed({ enabled, version }: { enabled: boolean; version: number }) {
  const pathname = usePathname();
  const feed = useHomeFeed(enabled, version);
  const { data, error, items, loadingMore, mutate, retry, sentinel } = feed;
  // Off (not the viewer's own home) is not loading.
  const loadingFirst = enabled && feed.loadingFirst;
  const reactions = useMemo(
    () =>
      Object.assign({}, ...(data ?? []).map((page) => page.meta.viewerReactions)) as Record<
        string,
        ReactionKind
      >,
    [data],
  );
  useEffect(() => {
    if (items.length > 0)
      saveSuggested(
        window.sessionStorage,
        pathname,
        items.map((item) => item.path),
      );
  }, [items, pathname]);

  return (
    <section aria-labelledby="feed-heading" className="flex min-w-0 flex-col gap-4">
      <h2 id="feed-heading" className="sr-only">
        {messages.feedHeading}
      </h2>
      <ViewerReactionsProvider value={reactions}>
        <ContentFeed
          items={items}
          loadingFirst={loadingFirst}
          skeletons={3}
          loadingMore={loadingMore}
          empty={data && items.length === 0 ? { icon: "people", text: messages.feedEmpty } : null}
          failed={Boolean(error)}
          onRetry={retry}
          sentinel={sentinel}
          onDeleted={() => void mutate()}
        />
      </ViewerReactionsProvider>
    </section>
  );
}

/**
 * /{slug}/network/suggested: the signed-in person's home (spec §2): profiles to follow beside the
 * home feed. Another person's home path sends the viewer to their own.
 */
export function HomeView({ slug }: { slug: string }) {
  const router = useRouter();
  const session = useSession();
  const user = session.user;
  const own = user !== null && user.slug.toLowerCase() === slug.toLowerCase();
  const [feedVersion, setFeedVersion] = useState(0);
  useEffect(() => {
    if (session.isLoading) return;
    if (!user) router.replace(`${routes.login}?redirect=${encodeURIComponent(routes.userHome(slug))}`);
    else if (!own) router.replace(routes.userHome(user.slug));
  }, [session.isLoading, user, own, slug, router]);
  return (
    <div className="mx-auto grid w-full max-w-[1128px] gap-4 px-4 py-6 sm:py-8 lg:grid-cols-[minmax(0,1fr)_340px]">
      <h1 className="sr-only">{messages.homeHeading}</h1>
      <div className="order-2 min-w-0 lg:order-1">
        <Feed enabled={own} version={feedVersion} />
      </div>
      <aside className="order-1 min-w-0 lg:order-2">
        <div className="lg:sticky lg:top-20">
          <Suggestions enabled={own} onFollowChange={() => setFeedVersion((n) => n + 1)} />
        </div>
      </aside>
    </div>
  );
}
