"use client";

import { format, type ProfileViewer } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { insightsMessages } from "@vn/contract/messages/insights";
import { sharedMessages } from "@vn/contract/messages/shared";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import { formatDateTime } from "@/features/content/kinds";
import { NextPageFailed } from "@/features/content/NextPageFailed";
import { ProfileListIdentity } from "@/features/profiles/ProfileListIdentity";
import { useSession } from "@/lib/session";
import { useViewers } from "./use-viewers";
import { hasSpy, viewCountText, viewedWhat } from "./viewer-text";

const BILLING_PATH = "/settings/billing";

/** Without the spy add-on: what it does, and where to get it. */
function SpyOffer() {
  return (
    <section className="flex flex-col items-start gap-3 rounded-card bg-surface p-6 shadow-card">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
        <Icon name="eye" size={20} />
        {insightsMessages.viewersSpyTitle}
      </h2>
      <p className="text-ink-muted">{insightsMessages.viewersSpyText}</p>
      <Button asChild>
        <Link href={BILLING_PATH}>{insightsMessages.viewersSpyAction}</Link>
      </Button>
    </section>
  );
}

function ViewerRow({ viewer }: { viewer: ProfileViewer }) {
  const { profile } = viewer;
  const what = viewedWhat(viewer);
  return (
    <li className="flex items-start gap-3 py-3">
      <ProfileListIdentity profile={profile}>
        <p className="text-sm text-ink-muted">
          {format(insightsMessages.viewersLastViewed, { date: formatDateTime(viewer.lastViewedAt) })} ·{" "}
          {viewCountText(viewer.views)}
        </p>
        {what.profile ? <p className="text-sm text-ink">{insightsMessages.viewersViewedProfile}</p> : null}
        {what.publications.length > 0 ? (
          <p className="text-sm text-ink">
            {insightsMessages.viewersViewedPublications}{" "}
            {what.publications.map((publication, index) => (
              <span key={publication.path}>
                {index > 0 ? ", " : null}
                <Link href={publication.path} className="underline underline-offset-2 hover:text-brand">
                  {publication.label}
                </Link>
              </span>
            ))}
          </p>
        ) : null}
      </ProfileListIdentity>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-4 py-4">
      <span className="sr-only">{commonMessages.loading}</span>
      {[0, 1, 2].map((n) => (
        <div key={n} className="flex items-center gap-3">
          <Skeleton shape="circle" className="size-10" />
          <Skeleton className="h-4 flex-1" />
        </div>
      ))}
    </div>
  );
}

/** The list itself, 20 at a time as the foot comes into view. */
function ViewersList({ ownerId }: { ownerId: string }) {
  const { data, error, items, retry, sentinel } = useViewers(true, ownerId);
  return (
    <section className="rounded-card bg-surface px-4 shadow-card sm:px-5" aria-busy={!data && !error}>
      {!data && !error ? <ListSkeleton /> : null}
      {data && items.length === 0 ? (
        <p className="py-8 text-center text-ink-muted">{insightsMessages.viewersEmpty}</p>
      ) : null}
      <ul className="flex flex-col divide-y divide-line">
        {items.map((viewer) => (
          <ViewerRow key={viewer.profile.id} viewer={viewer} />
        ))}
      </ul>
      {error ? <NextPageFailed onRetry={retry} frame="py-6" /> : null}
      <div ref={sentinel} aria-hidden="true" />
    </section>
  );
}

/** /settings/viewers: who viewed the acting owner (the spy add-on), or what spy is and where to get it. */
export function ViewersView() {
  const { user } = useSession();
  const spy = hasSpy(user?.subscription.current.plan.features);
  return (
    <div className="mx-auto flex w-full max-w-[680px] flex-col gap-4 px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-semibold text-ink">{sharedMessages.viewersTitle}</h1>
      <p className="text-ink-muted">{insightsMessages.viewersIntro}</p>
      {!user ? <ListSkeleton /> : spy ? <ViewersList ownerId={user.id} /> : <SpyOffer />}
    </div>
  );
}
