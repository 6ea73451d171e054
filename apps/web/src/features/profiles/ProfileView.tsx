"use client";

import { format, messages, PRODUCT_NAME, type ProfilePage } from "@vn/contract";
import Link from "next/link";
import { useEffect } from "react";
import { Avatar } from "@/components/ui/Avatar";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Skeleton } from "@/components/ui/Skeleton";
import { useAccountSwitch } from "@/features/accounts/use-account-switch";
import { roleLabels, useCompanies } from "@/features/companies/use-companies";
import { ApiError } from "@/lib/api-error";
import { countryName } from "@/lib/countries";
import { routes } from "@/lib/paths";
import { isActingAsCompany, personOf, type SessionUser, useSession } from "@/lib/session";
import { useResource } from "@/lib/use-resource";

interface ProfileData {
  kind: "user" | "company";
  name: string;
  slug: string;
  verificationStatus: string | null;
  image: string | null;
  profession: string | null;
  city: string | null;
  country: string | null;
  about: string | null;
  followers: number;
}

function VerificationBadge({ status }: { status: string | null }) {
  if (status === "verified") return <Badge tone="verified">{messages.verifiedBadge}</Badge>;
  if (status === "pending") return <Badge tone="warning">{messages.verificationPendingBadge}</Badge>;
  return <Badge>{messages.notVerifiedBadge}</Badge>;
}

function ProfileSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-[860px] flex-col gap-4 px-4 py-6 sm:py-8" aria-busy="true">
      <span className="sr-only">{messages.loading}</span>
      <div className="overflow-hidden rounded-card bg-surface shadow-card">
        <Skeleton className="h-28 rounded-none sm:h-40" />
        <div className="flex flex-col gap-3 p-5 sm:p-6">
          <Skeleton shape="circle" className="-mt-20 size-32 ring-4 ring-surface" />
          <Skeleton className="h-7 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-4 w-1/4" />
        </div>
      </div>
    </div>
  );
}

function ProfileUnavailable() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-black/[0.06] text-ink-muted">
        <Icon name="user" size={30} />
      </span>
      <h1 className="mt-5 text-2xl font-semibold text-ink">{messages.profileUnavailableTitle}</h1>
      <p className="mt-2 text-ink-muted">{messages.profileUnavailableBody}</p>
      <Button asChild size="lg" className="mt-8">
        <Link href={routes.home}>{messages.notFoundAction}</Link>
      </Button>
    </div>
  );
}

function ProfileCard({ profile, own }: { profile: ProfileData; own: boolean }) {
  const place = [profile.city, countryName(profile.country)].filter(Boolean).join(", ");
  const company = profile.kind === "company";
  return (
    <section aria-labelledby="profile-name" className="overflow-hidden rounded-card bg-surface shadow-card">
      <div
        aria-hidden="true"
        className="h-28 bg-[linear-gradient(120deg,#0a66c2_0%,#378fe9_55%,#a0c4ec_100%)] sm:h-40"
      />
      <div className="px-5 pb-6 sm:px-6">
        <div className="flex items-end justify-between gap-4">
          <Avatar
            name={profile.name}
            src={profile.image}
            size="xl"
            shape={company ? "square" : "circle"}
            className="-mt-16 size-28 ring-4 ring-surface sm:-mt-20 sm:size-36"
          />
          {own && !company ? (
            <Button asChild variant="secondary" className="mt-3">
              <Link href={`${routes.settings}#profile`}>
                <Icon name="settings" size={18} />
                {messages.editProfile}
              </Link>
            </Button>
          ) : null}
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <h1 id="profile-name" className="text-2xl font-semibold break-words text-ink">
            {profile.name}
          </h1>
          <VerificationBadge status={profile.verificationStatus} />
          {company ? <Badge tone="brand">{messages.companyPageBadge}</Badge> : null}
        </div>
        <p className="mt-0.5 text-sm text-ink-muted">
          @{profile.slug} · {followersLabel(profile.followers)}
        </p>
        {profile.profession ? <p className="mt-2 text-[1.05rem] text-ink">{profile.profession}</p> : null}
        {place ? (
          <p className="mt-1 flex items-center gap-1.5 text-sm text-ink-muted">
            <Icon name="globe" size={16} />
            {place}
          </p>
        ) : null}
        {own && profile.verificationStatus !== "verified" && profile.kind === "user" ? (
          <div className="mt-5 flex flex-col gap-3 rounded-lg bg-brand-soft p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-start gap-2 text-sm font-medium text-brand-strong">
              <Icon name="shield" size={20} className="shrink-0" />
              {messages.profileVerifyPrompt}
            </p>
            <Button asChild size="md" className="shrink-0">
              <Link href={routes.verification}>{messages.verifyNow}</Link>
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** Acting as a company: who manages it, and the way back to the personal account. */
function CompanyAdminCard({ user }: { user: SessionUser }) {
  const { data: companies } = useCompanies(true);
  const { switchTo, switching } = useAccountSwitch();
  const role = companies?.find((company) => company.id === user.id)?.role;
  const person = personOf(user);
  return (
    <section
      aria-label={messages.actingAs}
      className="flex flex-col gap-4 rounded-card bg-surface p-5 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="inline-flex">
          <Avatar name={person.name} src={person.image} size="md" />
        </span>
        <div className="min-w-0">
          <p className="font-semibold text-ink">{person.name}</p>
          <p className="text-sm text-ink-muted">
            {role
              ? format(messages.companyRoleLine, { role: (roleLabels[role] ?? role).toLowerCase() })
              : messages.ownerTypeCompany}
          </p>
        </div>
      </div>
      <Button
        variant="secondary"
        onClick={() => void switchTo({ type: "user" })}
        disabled={switching}
        aria-busy={switching}
        className="max-sm:w-full"
      >
        {format(messages.switchAccount, { name: person.name })}
      </Button>
    </section>
  );
}

function AboutCard({ about, own }: { about: string | null; own: boolean }) {
  if (!about && !own) return null;
  return (
    <section aria-labelledby="profile-about" className="rounded-card bg-surface p-5 shadow-card sm:p-6">
      <h2 id="profile-about" className="text-lg font-semibold text-ink">
        {messages.aboutHeading}
      </h2>
      {about ? (
        <p className="mt-3 leading-relaxed whitespace-pre-line text-ink">{about}</p>
      ) : (
        <p className="mt-3 text-ink-muted">
          {messages.profileEmptyAbout}{" "}
          <Link href={`${routes.settings}#profile`} className="font-semibold text-brand hover:underline">
            {messages.editProfile}
          </Link>
        </p>
      )}
    </section>
  );
}

/** "1 follower", "1,204 followers". */
function followersLabel(count: number): string {
  return count === 1
    ? messages.followersOne
    : format(messages.followersMany, { count: new Intl.NumberFormat("en-US").format(count) });
}

/**
 * /{slug}: the start of the profile page, from the public profile endpoint (GET /api/v2/profiles/
 * {slug}). The owner gets the edit and verification prompts; a person acting as this company gets
 * the way back to their own account. Tabs, publications and follow come with the profiles issue.
 */
export function ProfileView({ slug }: { slug: string }) {
  const { user } = useSession();
  const { data, error } = useResource<ProfilePage>(`/v2/profiles/${encodeURIComponent(slug)}`, {
    shouldRetryOnError: (failure: unknown) => !(failure instanceof ApiError && failure.status === 404),
  });
  const name = data?.user.name;
  useEffect(() => {
    if (name) document.title = `${name} | ${PRODUCT_NAME}`;
  }, [name]);

  if (error) return <ProfileUnavailable />;
  if (!data) return <ProfileSkeleton />;

  const kind = data.user.type.id;
  const wanted = data.user.slug.toLowerCase();
  // The API says isOwner for the acting account; the person's own page counts too while they act for a company.
  const own =
    data.isOwner || (user !== null && kind === "user" && personOf(user).slug.toLowerCase() === wanted);
  const actingAsThis =
    user !== null && kind === "company" && isActingAsCompany(user) && user.slug.toLowerCase() === wanted;
  const profile: ProfileData = {
    kind,
    // A profile whose wizard is unfinished has no name yet.
    name: data.user.name || `@${data.user.slug}`,
    slug: data.user.slug,
    verificationStatus: data.user.verificationStatus,
    image: data.user.image?.urls.preview ?? null,
    profession: data.user.profession,
    city: data.user.city,
    country: data.user.country,
    about: data.user.about,
    followers: data.followersCount,
  };

  return (
    <div className="mx-auto flex w-full max-w-[860px] flex-col gap-4 px-4 py-6 sm:py-8">
      <ProfileCard profile={profile} own={own} />
      {actingAsThis && user ? <CompanyAdminCard user={user} /> : null}
      <AboutCard about={profile.about} own={own && kind === "user"} />
    </div>
  );
}
