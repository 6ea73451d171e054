"use client";

import {
  format,
  type ProfileHit,
  type PublicationHit,
  SEARCH_TERM_MIN,
  type SearchKind,
  searchKinds,
} from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { searchMessages } from "@vn/contract/messages/search";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useSearchParams } from "next/navigation";
import { Avatar } from "@/components/ui/Avatar";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import { kindLabelOf } from "@/features/content/kinds";
import { BusinessBadge } from "@/features/kyb/BusinessBadge";
import { api } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useSession } from "@/lib/session";
import { useResource } from "@/lib/use-resource";
import { FollowButton } from "../social/FollowButton";
import { showsFollowButton } from "../social/follow-target";
import { Highlight } from "./Highlight";

const kindLabelsSearch: Record<SearchKind, string> = {
  all: searchMessages.searchKindAll,
  people: searchMessages.searchKindPeople,
  companies: searchMessages.searchKindCompanies,
  publications: searchMessages.searchKindPublications,
};

function searchHref(term: string, kind: SearchKind, page = 1): string {
  const query = new URLSearchParams({ search: term });
  if (kind !== "all") query.set("kind", kind);
  if (page > 1) query.set("page", String(page));
  return `/search?${query.toString()}`;
}

function ProfileResult({ hit, viewer }: { hit: ProfileHit; viewer: { id: string; slug: string } | null }) {
  const { profile, highlight } = hit;
  const place = [profile.city, profile.country].filter(Boolean).join(", ");
  return (
    <li className="flex items-start gap-3 py-3">
      <span aria-hidden="true" className="inline-flex shrink-0">
        <Avatar
          name={profile.name}
          src={profile.image?.urls.preview ?? null}
          size="md"
          shape={profile.type === "company" ? "square" : "circle"}
        />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1 font-semibold text-ink">
          <Link href={`/${encodeURIComponent(profile.slug)}`} className="hover:underline">
            <Highlight html={highlight.name} />
          </Link>
          {profile.verificationStatus === "verified" ? (
            <Icon
              name="checkCircle"
              size={16}
              className="shrink-0 text-brand"
              title={sharedMessages.verifiedBadge}
            />
          ) : null}
        </p>
        {highlight.profession ? (
          <p className="text-sm text-ink">
            <Highlight html={highlight.profession} />
          </p>
        ) : null}
        {place ? <p className="text-sm text-ink-muted">{place}</p> : null}
        <BusinessBadge business={hit.business ?? null} compact className="mt-1" />
      </div>
      {showsFollowButton(viewer, profile) ? (
        <FollowButton
          slug={profile.slug}
          name={profile.name}
          initial={{ followed: profile.followed, followersCount: profile.followersCount }}
          size="sm"
          className="shrink-0"
        />
      ) : null}
    </li>
  );
}

function PublicationResult({ hit }: { hit: PublicationHit }) {
  const { item, highlight } = hit;
  return (
    <li className="py-3">
      <p className="text-xs font-semibold text-ink-muted">
        {kindLabelOf(item)} · {item.owner.name}
      </p>
      <Link href={item.path} className="group mt-0.5 block">
        <span className="block font-semibold text-ink group-hover:underline">
          {highlight.title ? <Highlight html={highlight.title} /> : (item.title ?? item.shortContent ?? "")}
        </span>
        {highlight.text ? (
          <span className="mt-0.5 line-clamp-3 block text-sm text-ink-muted">
            <Highlight html={highlight.text} />
          </span>
        ) : null}
      </Link>
    </li>
  );
}

function Section({
  title,
  term,
  kind,
  showAll,
  children,
}: {
  title: string;
  term: string;
  kind: SearchKind;
  showAll: boolean;
  children: React.ReactNode;
}) {
  const id = `search-${kind}`;
  return (
    <section aria-labelledby={id} className="rounded-card bg-surface p-4 shadow-card sm:p-5">
      <h2 id={id} className="text-base font-semibold text-ink">
        {title}
      </h2>
      <ul className="flex flex-col divide-y divide-line">{children}</ul>
      {showAll ? (
        <Link
          href={searchHref(term, kind)}
          className="mt-2 inline-flex min-h-10 items-center text-sm font-semibold text-brand hover:underline"
        >
          {format(searchMessages.searchShowAll, { kind: title.toLowerCase() })}
        </Link>
      ) : null}
    </section>
  );
}

function ResultsSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4 rounded-card bg-surface p-5 shadow-card">
      <span className="sr-only">{commonMessages.loading}</span>
      {[0, 1, 2, 3].map((n) => (
        <div key={n} className="flex items-center gap-3">
          <Skeleton shape="circle" className="size-10" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-3.5 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** /search?search={term}: people, companies and publications, filtered by kind (spec §2). */
export function SearchView() {
  const params = useSearchParams();
  const { user } = useSession();
  const term = (params.get("search") ?? "").trim();
  const rawKind = params.get("kind") ?? "all";
  const kind: SearchKind = (searchKinds as readonly string[]).includes(rawKind)
    ? (rawKind as SearchKind)
    : "all";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const ready = term.length >= SEARCH_TERM_MIN;
  const result = useResource(api.search.search, ready ? { query: { search: term, kind, page } } : null);
  const data = result.data?.data;
  const sections = data
    ? (
        [
          ["people", data.people],
          ["companies", data.companies],
        ] as const
      ).filter(([, section]) => section && section.hits.length > 0)
    : [];
  const publications = data?.publications;
  const empty = data && sections.length === 0 && !(publications && publications.hits.length > 0);
  const hasMore = kind !== "all" && Boolean(data?.[kind as "people" | "companies" | "publications"]?.hasMore);

  return (
    <div className="mx-auto flex w-full max-w-[760px] flex-col gap-4 px-4 py-6 sm:py-8">
      <search className="md:hidden">
        <form action="/search" method="get" className="flex gap-2">
          <label htmlFor="search-page-input" className="sr-only">
            {commonMessages.searchLabel}
          </label>
          <input
            id="search-page-input"
            name="search"
            type="search"
            defaultValue={term}
            placeholder={commonMessages.searchPlaceholder}
            className="h-11 min-w-0 flex-1 rounded-md border border-line-strong bg-surface px-3 text-ink"
          />
          <Button type="submit" aria-label={commonMessages.searchLabel}>
            <Icon name="search" size={18} />
          </Button>
        </form>
      </search>
      <h1 className="text-xl font-semibold break-words text-ink">
        {ready ? format(searchMessages.searchHeading, { term }) : commonMessages.searchLabel}
      </h1>
      {ready ? (
        <nav
          aria-label={searchMessages.searchFilterLabel}
          className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1"
        >
          {searchKinds.map((name) => (
            <Link
              key={name}
              href={searchHref(term, name)}
              aria-current={name === kind ? "page" : undefined}
              className={cn(
                "inline-flex min-h-10 shrink-0 items-center rounded-full border px-4 text-sm font-semibold",
                name === kind
                  ? "border-success bg-success text-white"
                  : "border-line-strong bg-surface text-ink-muted hover:bg-black/5",
              )}
            >
              {kindLabelsSearch[name]}
            </Link>
          ))}
        </nav>
      ) : (
        <p className="text-ink-muted">{searchMessages.searchPrompt}</p>
      )}
      {/* The results region keeps the skeleton's room and more while the answer loads, so the
          footer does not jump when results replace the skeleton (layout shift, issue 17). */}
      <div aria-live="polite" className={cn("flex flex-col gap-4", ready && "min-h-[70dvh]")}>
        {ready && !data && !result.error ? <ResultsSkeleton /> : null}
        {result.error ? (
          <div
            role="alert"
            className="flex flex-col items-start gap-3 rounded-card bg-surface p-5 shadow-card"
          >
            <p className="text-ink">{commonMessages.somethingWentWrong}</p>
            <Button variant="secondary" onClick={() => void result.mutate()}>
              {commonMessages.tryAgain}
            </Button>
          </div>
        ) : null}
        {empty ? (
          <div className="flex flex-col items-center gap-3 rounded-card bg-surface px-6 py-12 text-center shadow-card">
            <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
              <Icon name="search" size={26} />
            </span>
            <p className="max-w-sm text-ink-muted">{format(searchMessages.searchEmpty, { term })}</p>
          </div>
        ) : null}
        {sections.map(([name, section]) => (
          <Section
            key={name}
            title={kindLabelsSearch[name]}
            term={term}
            kind={name}
            showAll={kind === "all" && Boolean(section?.hasMore)}
          >
            {section?.hits.map((hit) => (
              <ProfileResult key={hit.profile.id} hit={hit} viewer={user} />
            ))}
          </Section>
        ))}
        {publications && publications.hits.length > 0 ? (
          <Section
            title={kindLabelsSearch.publications}
            term={term}
            kind="publications"
            showAll={kind === "all" && publications.hasMore}
          >
            {publications.hits.map((hit) => (
              <PublicationResult key={hit.item.id} hit={hit} />
            ))}
          </Section>
        ) : null}
        {hasMore ? (
          <Button asChild variant="secondary" className="self-center">
            <Link href={searchHref(term, kind, page + 1)}>{searchMessages.searchMore}</Link>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
