"use client";

import { format } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { socialMessages } from "@vn/contract/messages/social";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import { NextPageFailed } from "@/features/content/NextPageFailed";
import { ProfileListIdentity } from "@/features/profiles/ProfileListIdentity";
import { api } from "@/lib/api-client";
import { useSession } from "@/lib/session";
import { useCursorList } from "@/lib/use-cursor-list";
import { FollowButton } from "./FollowButton";
import { showsFollowButton } from "./follow-target";

type Direction = "followers" | "following";

function fetchPage([, slug, direction]: readonly [string, string, Direction], cursor: string | null) {
  return api.social[direction]({ params: { slug }, query: { perPage: 20, cursor: cursor ?? undefined } });
}

/** /{slug}/network/followers and /following: a profile's follows, newest first, by cursor. */
export function FollowListView({ slug, direction }: { slug: string; direction: Direction }) {
  const { user } = useSession();
  const listKey = [api.social[direction].id, slug, direction] as const;
  const { data, error, items, retry, sentinel } = useCursorList(listKey, fetchPage, {
    revalidateFirstPage: false,
  });

  return (
    <div className="mx-auto flex w-full max-w-[680px] flex-col gap-4 px-4 py-6 sm:py-8">
      <Link
        href={`/${encodeURIComponent(slug)}`}
        className="inline-flex min-h-10 items-center gap-1.5 self-start text-sm font-semibold text-brand hover:underline"
      >
        <Icon name="arrowLeft" size={18} />
        {socialMessages.backToProfile}
      </Link>
      <h1 className="text-2xl font-semibold break-words text-ink">
        {format(
          direction === "followers" ? socialMessages.followersHeading : socialMessages.followingHeading,
          {
            name: `@${slug}`,
          },
        )}
      </h1>
      <section className="rounded-card bg-surface px-4 shadow-card sm:px-5" aria-busy={!data && !error}>
        {!data && !error ? (
          <div className="flex flex-col gap-4 py-4">
            <span className="sr-only">{commonMessages.loading}</span>
            {[0, 1, 2].map((n) => (
              <div key={n} className="flex items-center gap-3">
                <Skeleton shape="circle" className="size-10" />
                <Skeleton className="h-4 flex-1" />
              </div>
            ))}
          </div>
        ) : null}
        {data && items.length === 0 ? (
          <p className="py-8 text-center text-ink-muted">
            {direction === "followers" ? socialMessages.followersEmpty : socialMessages.followingEmpty}
          </p>
        ) : null}
        <ul className="flex flex-col divide-y divide-line">
          {items.map((profile) => (
            <li key={profile.id} className="flex items-center gap-3 py-3">
              <ProfileListIdentity profile={profile} />
              {showsFollowButton(user, profile) ? (
                <FollowButton
                  slug={profile.slug}
                  name={profile.name}
                  initial={{ followed: profile.followed, followersCount: profile.followersCount }}
                  size="sm"
                  className="shrink-0"
                />
              ) : null}
            </li>
          ))}
        </ul>
        {error ? <NextPageFailed onRetry={retry} frame="py-6" /> : null}
        <div ref={sentinel} aria-hidden="true" />
      </section>
    </div>
  );
}
