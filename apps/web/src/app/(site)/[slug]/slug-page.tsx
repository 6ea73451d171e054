import {
  type ContentItem,
  type DetailSegment,
  META_DESCRIPTION_MAX,
  SHARE_TEXT_MAX,
  truncateText,
} from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { contentMessages } from "@vn/contract/messages/content";
import { profilesMessages } from "@vn/contract/messages/profiles";
import { serverMessages } from "@vn/contract/messages/server";
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { Link } from "@/components/ui/Link";
import { AnonymousRenderRefresh } from "@/features/content/AnonymousRenderRefresh";
import { ContentDetail, type RelatedContent } from "@/features/content/ContentDetail";
import {
  type MediaSection,
  plainText,
  resolveSlugRoute,
  type SlugRoute,
  safeSponsoredUrl,
} from "@/features/content/content-routes";
import { kindLabelOf } from "@/features/content/kinds";
import { LazyContentEditor } from "@/features/content/LazyContentEditor";
import { type ContentListPage, listQuery } from "@/features/content/list-query";
import { isTransientFailure, type ServerReader, type ServerResult } from "@/features/content/server-api";
import { ProfileUnavailable, ProfileView } from "@/features/profiles/ProfileView";
import { api } from "@/lib/api-client";
import { decodePathSegment } from "@/lib/malformed-path";

/**
 * Everything under /{slug} (§2), rendered two ways from one source (docs/decisions/0010):
 *
 * - personalised (`[[...rest]]/page.tsx`): a visitor with a session cookie; the API is read with
 *   that cookie on every request, so owners get owner mode, drafts and `viewas=live`.
 * - anonymous (`~anonymous/[[...rest]]/page.tsx`, reached only through the proxy's rewrite of a
 *   cookie-less GET): the page every visitor without a session sees, rendered without cookies or
 *   query and kept by Next's page cache for a short, stated window.
 */
export interface SlugPageProps {
  params: Promise<{ slug: string; rest?: string[] }>;
  searchParams?: Promise<Record<string, string | string[] | undefined>>;
}

export interface SlugPageSource {
  /** Reads the API for this render (with the visitor's cookie, or as nobody). */
  read: ServerReader;
  /** The related sections of a detail page. */
  related: (item: ContentItem) => Promise<RelatedContent | null>;
  /**
   * The shared anonymous render: no query is read (the proxy sends only query-independent URLs
   * here) and a transient API failure throws instead of rendering a fallback, so the page cache
   * never keeps an outage: it keeps serving the last good page, or answers with the error page.
   */
  anonymous: boolean;
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

async function routeOf(params: SlugPageProps["params"]): Promise<{ slug: string; route: SlugRoute }> {
  const { slug, rest = [] } = await params;
  const first = decodePathSegment(slug);
  return { slug: first, route: resolveSlugRoute(first, rest.map(decodePathSegment)) };
}

function describe(item: ContentItem): string {
  return plainText(item.description ?? item.quote ?? item.shortContent ?? item.content ?? item.title ?? "");
}

function itemMetadata(item: ContentItem): Metadata {
  const title = item.title ?? `${kindLabelOf(item)} · ${item.owner.name}`;
  const text = describe(item);
  const share = truncateText(text || title, SHARE_TEXT_MAX);
  return {
    title,
    description: truncateText(text || title, META_DESCRIPTION_MAX),
    openGraph: { title, description: share, type: "article" },
    twitter: { card: "summary", title, description: share },
  };
}

/** The page's extras: in the anonymous render, the refresh for a signed-in viewer. */
function PageExtras({ anonymous }: { anonymous: boolean }) {
  return anonymous ? <AnonymousRenderRefresh /> : null;
}

/** The metadata function and the page component of one kind of render. */
export function slugPage(source: SlugPageSource) {
  const ApiOriginMeta = () => <PageExtras anonymous={source.anonymous} />;
  /** An answer the anonymous render may not keep: throw so the page cache does not store it. */
  const settled = <Result extends ServerResult<unknown, unknown>>(result: Result): Result => {
    if (source.anonymous && isTransientFailure(result))
      throw new Error(`API answered ${result.status || "nothing"} during an anonymous render`);
    return result;
  };

  // One request per render even though metadata and the page both ask (React cache per request).
  const loadProfile = cache(async (slug: string) =>
    settled(await source.read(api.profiles.page, { params: { slug } })),
  );
  const loadFirstPage = cache(async (slug: string, tab: "media" | "feed", section: MediaSection | null) =>
    settled(
      await source.read(api.content.listByProfile, {
        params: { slug },
        query: { ...listQuery({ slug, tab, section, status: null }, null), docsCount: true },
      }),
    ),
  );
  const loadItem = cache(async (segment: DetailSegment, itemSlug: string, owner: string | null) =>
    settled(
      await source.read(api.content.detail, {
        params: { segment, slug: itemSlug },
        query: owner ? { owner } : {},
      }),
    ),
  );
  const loadRecordings = cache(async (owner: string, kind: "podcast" | "video") =>
    settled(
      await source.read(api.content.listByProfile, {
        params: { slug: owner },
        query: {
          tab: "media",
          pagination: JSON.stringify({ page: 1, perPage: 20 }),
          filter: JSON.stringify({ section: kind === "video" ? "videos" : "podcasts" }),
        },
      }),
    ),
  );
  const queryOf = async (props: SlugPageProps) =>
    source.anonymous || !props.searchParams ? {} : await props.searchParams;

  async function generateMetadata(props: SlugPageProps): Promise<Metadata> {
    const { slug, route } = await routeOf(props.params);
    if (route.screen === "profile") {
      const result = await loadProfile(slug);
      if (!result.data) return { title: profilesMessages.profileUnavailableTitle, robots: { index: false } };
      const user = result.data.user;
      const text = plainText(user.about ?? user.profession ?? user.name);
      return {
        title: user.name || `@${user.slug}`,
        description: truncateText(text, META_DESCRIPTION_MAX),
        openGraph: { title: user.name, description: truncateText(text, SHARE_TEXT_MAX), type: "profile" },
      };
    }
    if (route.screen === "detail") {
      const result = await loadItem(route.segment, route.itemSlug, route.ownerSlug);
      return result.data ? itemMetadata(result.data) : { title: serverMessages.notFoundTitle };
    }
    if (route.screen === "recordings") {
      const list = await loadRecordings(slug, route.kind);
      const wanted = one((await queryOf(props)).item);
      const item = list.data?.find((entry) => entry.slug === wanted) ?? list.data?.[0];
      return item
        ? itemMetadata(item)
        : { title: route.kind === "video" ? commonMessages.sectionVideos : commonMessages.sectionPodcasts };
    }
    if (route.screen === "edit")
      return { title: contentMessages.editPublicationTitle, robots: { index: false } };
    return {};
  }

  async function SlugPage(props: SlugPageProps) {
    const { slug, route } = await routeOf(props.params);
    const query = await queryOf(props);

    if (route.screen === "profile") {
      const tab = route.tab;
      // The profile and its first page at once: the list is looked up by the same slug (the API
      // matches it case-insensitively, as it does the profile), so it need not wait for it.
      const [profile, list] = await Promise.all([
        loadProfile(slug),
        tab === "media" || tab === "feed" ? loadFirstPage(slug, tab, route.section) : null,
      ]);
      if (profile.status === 404) notFound();
      if (!profile.data) return <ProfileUnavailable />;
      let firstPage: ContentListPage | null = null;
      let counts: Record<string, number> = {};
      if (list?.data && list.meta) {
        firstPage = { data: list.data, meta: list.meta };
        counts = list.meta.counts ?? {};
      }
      const media = profile.data.mediaCounts;
      const sectionCounts: Partial<Record<MediaSection | "all", number>> = {
        all: media.all,
        releases: media.releases,
        responses: media.responses,
        ...(counts.docsCount !== undefined ? { files: counts.docsCount } : {}),
      };
      return (
        <>
          <ApiOriginMeta />
          <ProfileView
            page={profile.data}
            tab={tab}
            section={route.section}
            firstPage={firstPage}
            liveRequested={one(query.viewas) === "live"}
            sectionCounts={sectionCounts}
          />
        </>
      );
    }

    if (route.screen === "detail") {
      const result = await loadItem(route.segment, route.itemSlug, route.ownerSlug);
      if (!result.data) {
        if (result.status === 403) return <BlockedContent />;
        notFound();
      }
      const item = result.data;
      const sponsor = safeSponsoredUrl(item.sponsoredUrl);
      if (sponsor && !item.isOwner) redirect(sponsor);
      return (
        <>
          <ApiOriginMeta />
          <ContentDetail item={item} related={await source.related(item)} />
        </>
      );
    }

    if (route.screen === "recordings") {
      const list = await loadRecordings(slug, route.kind);
      if (list.status === 404) notFound();
      const items = list.data ?? [];
      const wanted = one(query.item);
      const item = items.find((entry) => entry.slug === wanted) ?? items[0];
      if (wanted && !items.some((entry) => entry.slug === wanted)) notFound();
      if (!item) return <EmptyRecordings slug={slug} />;
      const base = `/${encodeURIComponent(slug)}/recordings/${route.kind}`;
      return (
        <>
          <ApiOriginMeta />
          <ContentDetail
            item={item}
            related={await source.related(item)}
            aside={
              items.length > 1 ? (
                <nav
                  aria-label={
                    route.kind === "video" ? commonMessages.sectionVideos : commonMessages.sectionPodcasts
                  }
                  className="rounded-card bg-surface p-5 shadow-card"
                >
                  <h2 className="text-base font-semibold text-ink">
                    {route.kind === "video" ? commonMessages.sectionVideos : commonMessages.sectionPodcasts}
                  </h2>
                  <ul className="mt-2 flex flex-col">
                    {items.map((entry) => (
                      <li key={entry.id}>
                        <Link
                          href={`${base}?item=${encodeURIComponent(entry.slug)}`}
                          aria-current={entry.id === item.id ? "true" : undefined}
                          className="block rounded-md px-2 py-2 text-sm font-semibold text-ink hover:bg-black/[0.04] aria-[current=true]:text-brand"
                        >
                          {entry.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </nav>
              ) : null
            }
          />
        </>
      );
    }

    // Edit pages need a session; the proxy never sends them to the anonymous render.
    if (route.screen === "edit" && !source.anonymous) {
      const result = await loadItem(route.segment, route.itemSlug, route.ownerSlug);
      if (!result.data?.isOwner) return <MissingPost />;
      return <LazyContentEditor mode="edit" kind={result.data.type.id} item={result.data} />;
    }

    notFound();
  }

  return { generateMetadata, SlugPage };
}

function BlockedContent() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-ink">{contentMessages.contentBlocked}</h1>
      <Link href="/" className="mt-6 font-semibold text-brand hover:underline">
        {commonMessages.notFoundAction}
      </Link>
    </div>
  );
}

function MissingPost() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-ink">{contentMessages.editMissingPost}</h1>
      <Link href="/" className="mt-6 font-semibold text-brand hover:underline">
        {commonMessages.notFoundAction}
      </Link>
    </div>
  );
}

function EmptyRecordings({ slug }: { slug: string }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-ink">{serverMessages.recordingsEmpty}</h1>
      <Link href={`/${encodeURIComponent(slug)}`} className="mt-6 font-semibold text-brand hover:underline">
        {commonMessages.notFoundAction}
      </Link>
    </div>
  );
}
