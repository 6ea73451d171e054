"use client";

import { type Checklist, format, type ReactionKind } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { socialMessages } from "@vn/contract/messages/social";
import { usePathname, useRouter } from "next/navigation";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { mutate as mutateKey, SWRConfig } from "swr";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import type { CreateRoute } from "@/features/content/kinds";
import { ChecklistCard } from "@/features/onboarding/ChecklistCard";
import { api } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { routes } from "@/lib/paths";
import { personOf, SESSION_KEY, type SessionUser, useSession } from "@/lib/session";
import { useResource } from "@/lib/use-resource";
import { ContentFeed } from "./ContentFeed";
import { StartPostBox, StartPostBoxSkeleton } from "./StartPostBox";
import { SuggestionCard } from "./SuggestionCard";
import { saveSuggested } from "./suggested-navigation";
import { type ServedFeed, useHomeFeed } from "./use-home-feed";
import { ViewerReactionsProvider } from "./viewer-reactions";

function Suggestions({ enabled, onFollowChange }: { enabled: boolean; onFollowChange: () => void }) {
  const list = useResource(api.social.suggested, enabled ? { query: { limit: 6 } } : null);
  const suggestions = list.data?.data;
  return (
    <section aria-labelledby="suggested-heading" className="rounded-card bg-surface p-4 shadow-card sm:p-5">
      <h2 id="suggested-heading" className="text-base font-semibold text-ink">
        {socialMessages.suggestedHeading}
      </h2>
      {!suggestions && !list.error ? (
        <div aria-busy="true" className="mt-3 flex flex-col gap-4">
          <span className="sr-only">{commonMessages.loading}</span>
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
        <p className="mt-2 text-sm text-ink-muted">{socialMessages.suggestedEmpty}</p>
      ) : list.error ? (
        <div role="alert" className="mt-2 flex flex-col items-start gap-2">
          <p className="text-sm text-ink">{commonMessages.somethingWentWrong}</p>
          <Button variant="secondary" onClick={() => void list.mutate()}>
            {commonMessages.tryAgain}
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

function Feed({
  enabled,
  pending,
  version,
  initial,
  welcome,
}: {
  enabled: boolean;
  /** The first page, read by the server for the first HTML. */
  initial?: ServedFeed;
  /** The session is not known yet: the feed's placeholders hold its place meanwhile. */
  pending: boolean;
  version: number;
  welcome: ReactNode;
}) {
  const pathname = usePathname();
  const feed = useHomeFeed(enabled, version, initial);
  const { data, error, items, loadingMore, mutate, retry, sentinel } = feed;
  // Off (not the viewer's own home) is not loading.
  const loadingFirst = pending || (enabled && feed.loadingFirst);
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

  // A first-time home (nothing followed, nothing published yet): what to do, not an empty card.
  if (data && items.length === 0 && !error) return <>{welcome}</>;
  return (
    <section
      aria-labelledby="feed-heading"
      // While the first page loads, the feed holds at least a screen's height: the footer stays
      // below the fold instead of being pushed down when the cards arrive (0027).
      className={cn("flex min-w-0 flex-col gap-4", loadingFirst && "min-h-svh")}
    >
      <h2 id="feed-heading" className="sr-only">
        {socialMessages.feedHeading}
      </h2>
      <ViewerReactionsProvider value={reactions}>
        <ContentFeed
          items={items}
          loadingFirst={loadingFirst}
          skeletons={3}
          loadingMore={loadingMore}
          empty={data && items.length === 0 ? { icon: "people", text: socialMessages.feedEmpty } : null}
          failed={Boolean(error)}
          onRetry={retry}
          sentinel={sentinel}
          onDeleted={() => void mutate()}
        />
      </ViewerReactionsProvider>
    </section>
  );
}

/** The first-time home: three next steps, each one action away. */
function Welcome({ user, onStartPost }: { user: SessionUser; onStartPost: () => void }) {
  const first = personOf(user).name.split(" ")[0] ?? "";
  const step = "flex items-start gap-3";
  // Long labels wrap instead of pushing the page sideways at 360 px.
  // `!`: the Button's own whitespace-nowrap comes later in the stylesheet (cn does not merge).
  const wrap = "h-auto min-h-10 max-w-full py-2 text-left whitespace-normal!";
  const dot =
    "inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-soft text-sm font-semibold text-brand-strong";
  return (
    <section aria-labelledby="welcome-heading" className="rounded-card bg-surface p-5 shadow-card sm:p-6">
      <h2 id="welcome-heading" className="text-xl font-semibold text-ink">
        {format(socialMessages.homeWelcomeTitle, { name: first })}
      </h2>
      <p className="mt-1 text-ink-muted">{socialMessages.homeWelcomeBody}</p>
      <ol className="mt-4 flex flex-col gap-4">
        <li className={step}>
          <span aria-hidden="true" className={dot}>
            1
          </span>
          <div className="flex min-w-0 flex-col items-start gap-1.5">
            <p className="pt-1 text-ink">{socialMessages.homeWelcomeFollow}</p>
            <Button asChild variant="secondary" className={wrap}>
              <a href="#suggested-heading">
                <Icon name="people" size={18} />
                {socialMessages.suggestedHeading}
              </a>
            </Button>
          </div>
        </li>
        <li className={step}>
          <span aria-hidden="true" className={dot}>
            2
          </span>
          <div className="flex min-w-0 flex-col items-start gap-1.5">
            <p className="pt-1 text-ink">{socialMessages.homeWelcomePost}</p>
            <Button variant="secondary" className={wrap} onClick={onStartPost} aria-haspopup="dialog">
              <Icon name="sparkle" size={18} />
              {socialMessages.startPostLabel}
            </Button>
          </div>
        </li>
        <li className={step}>
          <span aria-hidden="true" className={dot}>
            3
          </span>
          <div className="flex min-w-0 flex-col items-start gap-1.5">
            <p className="pt-1 text-ink">{socialMessages.homeWelcomeCompanies}</p>
            <Button asChild variant="secondary" className={wrap}>
              <Link href={routes.companies}>
                <Icon name="building" size={18} />
                {socialMessages.homeWelcomeCompaniesAction}
              </Link>
            </Button>
          </div>
        </li>
      </ol>
    </section>
  );
}

/**
 * /{slug}/network/suggested: the signed-in person's home (spec §2; issue 18): "start a post" (the
 * composer in place, any kind), the getting-started checklist, the home feed — or, the first time,
 * what to do — and profiles to follow beside it (from 1024 px; below it on narrow screens).
 * Another person's home path sends the viewer to their own.
 *
 * The page reads the session, the checklist and the feed's first page on the server
 * (`initialUser`, `initialChecklist`, `initialFeed`): they seed the cache here, so the first paint
 * already has the settled frame and the first cards, and nothing is inserted above the feed after
 * hydration (docs/decisions/0027). The session and checklist are asked again on mount; the feed's
 * page is not (it was just read; see useHomeFeed).
 */
export function HomeView({
  slug,
  initialUser,
  initialChecklist,
  initialFeed,
}: {
  slug: string;
  initialUser?: SessionUser;
  initialChecklist?: Checklist;
  initialFeed?: ServedFeed;
}) {
  const fallback = useMemo(() => {
    const seeded: Record<string, unknown> = {};
    if (initialUser) seeded[SESSION_KEY] = initialUser;
    if (initialChecklist) seeded[api.onboarding.checklist.path()] = { data: initialChecklist };
    return seeded;
  }, [initialUser, initialChecklist]);
  return (
    <SWRConfig value={{ fallback }}>
      <Home slug={slug} initialFeed={initialFeed} />
    </SWRConfig>
  );
}

/** The element after the checklist in the HTML (see the `expect` link). */
const SETTLED_ID = "home-settled";

function Home({ slug, initialFeed }: { slug: string; initialFeed?: ServedFeed }) {
  const router = useRouter();
  const session = useSession();
  const user = session.user;
  const own = user !== null && user.slug.toLowerCase() === slug.toLowerCase();
  const [feedVersion, setFeedVersion] = useState(0);
  const [composing, setComposing] = useState<CreateRoute | null>(null);
  useEffect(() => {
    if (session.isLoading) return;
    if (!user) router.replace(`${routes.login}?redirect=${encodeURIComponent(routes.userHome(slug))}`);
    else if (!own) router.replace(routes.userHome(user.slug));
  }, [session.isLoading, user, own, slug, router]);
  // A follow or a publication changes the feed and may tick the checklist.
  const changed = () => {
    setFeedVersion((n) => n + 1);
    void mutateKey(api.onboarding.checklist.path());
  };
  const startPost = () => setComposing("post");
  return (
    <div className="mx-auto grid w-full max-w-[1128px] gap-4 px-4 py-6 sm:py-8 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start">
      {/* Under 1024 px the checklist shows above the feed (`order`) but comes after its cards in
          the HTML: a browser that painted the part it had parsed would draw the cards, then push
          them down by the checklist's height. Painting waits until the checklist is parsed
          (render-blocking `expect`, where supported). */}
      <link rel="expect" href={`#${SETTLED_ID}`} {...{ blocking: "render" }} />
      <h1 className="sr-only">{socialMessages.homeHeading}</h1>
      {/* One column under 1024 px (box, checklist, feed, suggestions: `order`), two from there. */}
      <div className="contents lg:col-start-1 lg:row-start-1 lg:flex lg:min-w-0 lg:flex-col lg:gap-4">
        {own && user ? (
          <div className="order-1 min-w-0">
            <StartPostBox user={user} composing={composing} onCompose={setComposing} onPublished={changed} />
          </div>
        ) : session.isLoading ? (
          <div className="order-1 min-w-0">
            <StartPostBoxSkeleton />
          </div>
        ) : null}
        <div className="order-3 min-w-0">
          <Feed
            enabled={own}
            pending={session.isLoading}
            version={feedVersion}
            initial={initialFeed}
            welcome={user ? <Welcome user={user} onStartPost={startPost} /> : null}
          />
        </div>
      </div>
      <div className="contents lg:col-start-2 lg:row-start-1 lg:flex lg:min-w-0 lg:flex-col lg:gap-4">
        {own && user ? (
          <div className="order-2 min-w-0 empty:hidden">
            <ChecklistCard user={user} onStartPost={startPost} />
          </div>
        ) : null}
        <span id={SETTLED_ID} hidden />
        <div className="order-4 min-w-0">
          <Suggestions enabled={own} onFollowChange={changed} />
        </div>
      </div>
    </div>
  );
}
