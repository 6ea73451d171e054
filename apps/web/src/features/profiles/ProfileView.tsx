"use client";

import { format, formatCount, type ProfileBadge, type ProfilePage, socialLinkKeys } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { formatDecimal } from "@vn/contract/messages/en-us";
import { profilesMessages } from "@vn/contract/messages/profiles";
import { sharedMessages } from "@vn/contract/messages/shared";
import { Avatar } from "@/components/ui/Avatar";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { DeferredMenu } from "@/components/ui/DeferredMenu";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import { useSignInPrompt } from "@/features/accounts/SignInDialog";
import { useAccountSwitch } from "@/features/accounts/use-account-switch";
import { ConnectAction } from "@/features/chats/ConnectAction";
import { roleLabels, useCompanies } from "@/features/companies/use-companies";
import { ContentList } from "@/features/content/ContentList";
import { type MediaSection, type ProfileTab, profileTabPath } from "@/features/content/content-routes";
import { type CreateRoute, createTitles } from "@/features/content/kinds";
import type { ContentListPage } from "@/features/content/use-content-list";
import { BusinessBadge } from "@/features/kyb/BusinessBadge";
import { EditPageButton } from "@/features/page-editing/EditPageButton";
import { mayEditPage } from "@/features/page-editing/page-edit-rules";
import { ProfileSocialActions } from "@/features/social/ProfileSocialActions";
import { LazyTeamTab } from "@/features/teams/LazyTeamTab";
import { LeaveCompanyButton } from "@/features/teams/LeaveCompanyButton";
import { MyDetailsDialog } from "@/features/teams/MyDetailsDialog";
import { useVerificationGate } from "@/features/verification/use-verification-gate";
import { verifiedBadgeText } from "@/features/verification/verification-rules";
import { actorOf } from "@/lib/actor";
import { cn } from "@/lib/cn";
import { countryName } from "@/lib/countries";
import { routes } from "@/lib/paths";
import { isActingAsCompany, personOf, type SessionUser, useSession } from "@/lib/session";
import { PremiumBadge } from "./PremiumBadge";

interface ProfileData {
  kind: "user" | "company";
  name: string;
  slug: string;
  verificationStatus: string | null;
  verifiedAt: string | null;
  image: string | null;
  profession: string | null;
  city: string | null;
  country: string | null;
  about: string | null;
  followers: number;
  following: number;
  background: string | null;
  badge: ProfileBadge;
}

/** What was verified and when ("Identity verified · Nov 2026"), not just a tick (issue 12). */
function VerificationBadge({
  kind,
  status,
  verifiedAt,
}: {
  kind: "user" | "company";
  status: string | null;
  verifiedAt: string | null;
}) {
  if (status === "verified") return <Badge tone="verified">{verifiedBadgeText(kind, verifiedAt)}</Badge>;
  if (status === "pending") return <Badge tone="warning">{profilesMessages.verificationPendingBadge}</Badge>;
  return <Badge>{profilesMessages.notVerifiedBadge}</Badge>;
}

function ProfileSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-[860px] flex-col gap-4 px-4 py-6 sm:py-8" aria-busy="true">
      <span className="sr-only">{commonMessages.loading}</span>
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
      <h1 className="mt-5 text-2xl font-semibold text-ink">{profilesMessages.profileUnavailableTitle}</h1>
      <p className="mt-2 text-ink-muted">{profilesMessages.profileUnavailableBody}</p>
      <Button asChild size="lg" className="mt-8">
        <Link href={routes.home}>{commonMessages.notFoundAction}</Link>
      </Button>
    </div>
  );
}

function ProfileCard({
  profile,
  own,
  page,
  editable,
}: {
  profile: ProfileData;
  own: boolean;
  page: ProfilePage;
  /** The viewer runs this page: their own, or a company they act as with the topics scope (owner, manager). */
  editable: boolean;
}) {
  const place = [profile.city, countryName(profile.country)].filter(Boolean).join(", ");
  const company = profile.kind === "company";
  return (
    <section aria-labelledby="profile-name" className="overflow-hidden rounded-card bg-surface shadow-card">
      {profile.background ? (
        // biome-ignore lint/performance/noImgElement: media URLs come from the API's storage
        <img src={profile.background} alt="" className="h-28 w-full object-cover sm:h-40" />
      ) : (
        <div
          aria-hidden="true"
          className="h-28 bg-[linear-gradient(120deg,#0a66c2_0%,#378fe9_55%,#a0c4ec_100%)] sm:h-40"
        />
      )}
      <div className="px-5 pb-6 sm:px-6">
        <div className="flex items-end justify-between gap-4">
          {/* The onboarding tour's profile-photo target (issue 18) on one's own page. */}
          <span
            className={cn("-mt-16 inline-flex sm:-mt-20", company ? "rounded-md" : "rounded-full")}
            data-tour={own ? "profile-photo" : undefined}
          >
            <Avatar
              name={profile.name}
              src={profile.image}
              size="xl"
              shape={company ? "square" : "circle"}
              className="size-28 ring-4 ring-surface sm:size-36"
            />
          </span>
          {own && editable ? <EditPageButton page={page} /> : null}
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <h1 id="profile-name" className="text-2xl font-semibold break-words text-ink">
            {profile.name}
          </h1>
          <PremiumBadge badge={profile.badge} size={22} />
          <VerificationBadge
            kind={profile.kind}
            status={profile.verificationStatus}
            verifiedAt={profile.verifiedAt}
          />
          {company ? <Badge tone="brand">{profilesMessages.companyPageBadge}</Badge> : null}
        </div>
        <p className="mt-0.5 text-sm text-ink-muted">
          @{profile.slug} ·{" "}
          <span data-tour={own ? "connections" : undefined}>
            <Link
              href={`/${encodeURIComponent(profile.slug)}/network/followers`}
              className="underline underline-offset-2 hover:text-ink"
            >
              {followersLabel(profile.followers)}
            </Link>{" "}
            ·{" "}
            <Link
              href={`/${encodeURIComponent(profile.slug)}/network/following`}
              className="underline underline-offset-2 hover:text-ink"
            >
              {format(profilesMessages.followingCount, {
                count: formatDecimal(profile.following),
              })}
            </Link>
          </span>
        </p>
        {/* A verified company's KYB facts, beside its name (issue 14: the transparent badge). */}
        <BusinessBadge business={page.user.business ?? null} className="mt-3 w-fit max-w-full" />
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
              {profilesMessages.profileVerifyPrompt}
            </p>
            <Button asChild size="md" className="shrink-0">
              <Link href={routes.verification}>{sharedMessages.verifyNow}</Link>
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** Acting as a company: who manages it, and the way back to the personal account. */
function CompanyAdminCard({ user }: { user: SessionUser }) {
  const companies = useCompanies(true).data?.data;
  const { switchTo, switching } = useAccountSwitch();
  const role = companies?.find((company) => company.id === user.id)?.role;
  const person = personOf(user);
  return (
    <section
      aria-label={commonMessages.actingAs}
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
              ? format(profilesMessages.companyRoleLine, { role: roleLabels[role].toLowerCase() })
              : commonMessages.ownerTypeCompany}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="secondary"
          onClick={() => void switchTo({ type: "user" })}
          disabled={switching}
          aria-busy={switching}
          className="max-sm:w-full"
        >
          {format(profilesMessages.switchAccount, { name: person.name })}
        </Button>
        <MyDetailsDialog company={user.name} className="max-sm:w-full" />
        <LeaveCompanyButton className="max-sm:w-full" />
      </div>
    </section>
  );
}

function AboutCard({ about, own }: { about: string | null; own: boolean }) {
  if (!about && !own) return null;
  return (
    <section aria-labelledby="profile-about" className="rounded-card bg-surface p-5 shadow-card sm:p-6">
      <h2 id="profile-about" className="text-lg font-semibold text-ink">
        {profilesMessages.aboutHeading}
      </h2>
      {about ? (
        <p className="mt-3 leading-relaxed whitespace-pre-line text-ink">{about}</p>
      ) : (
        <p className="mt-3 text-ink-muted">
          {profilesMessages.profileEmptyAbout}{" "}
          <Link href={`${routes.settings}#profile`} className="font-semibold text-brand hover:underline">
            {profilesMessages.editProfile}
          </Link>
        </p>
      )}
    </section>
  );
}

/** "1 follower", "1,204 followers". */
function followersLabel(count: number): string {
  return formatCount(count, { one: profilesMessages.followersOne, other: profilesMessages.followersMany });
}

export { ProfileSkeleton, ProfileUnavailable };

const socialLabels: Record<(typeof socialLinkKeys)[number], string> = {
  twitter: "X (Twitter)",
  youtube: "YouTube",
  facebook: "Facebook",
  site: "Website",
  linkedin: "LinkedIn",
  instagram: "Instagram",
};

function safeHref(url: string): string | null {
  const candidate = /^https?:\/\//i.test(url) ? url : `https://${url}`;
  try {
    const parsed = new URL(candidate);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

function LinksCard({ page }: { page: ProfilePage }) {
  const links = socialLinkKeys
    .map((key) => ({ key, url: page.socialLinks[key] }))
    .filter((link): link is { key: (typeof socialLinkKeys)[number]; url: string } => Boolean(link.url));
  const contacts = [
    page.contacts.mainEmail
      ? { href: `mailto:${page.contacts.mainEmail}`, text: page.contacts.mainEmail }
      : null,
    page.contacts.additionalEmail
      ? { href: `mailto:${page.contacts.additionalEmail}`, text: page.contacts.additionalEmail }
      : null,
    page.contacts.mainPhone
      ? { href: `tel:${page.contacts.mainPhone}`, text: page.contacts.mainPhone }
      : null,
    page.contacts.additionalPhone
      ? { href: `tel:${page.contacts.additionalPhone}`, text: page.contacts.additionalPhone }
      : null,
  ].filter((entry): entry is { href: string; text: string } => entry !== null);
  if (links.length === 0 && contacts.length === 0) return null;
  return (
    <section aria-labelledby="profile-links" className="rounded-card bg-surface p-5 shadow-card sm:p-6">
      <h2 id="profile-links" className="text-lg font-semibold text-ink">
        {profilesMessages.contactsHeading}
      </h2>
      {contacts.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-1.5">
          {contacts.map((entry) => (
            <li key={entry.href}>
              <a href={entry.href} className="font-semibold break-all text-brand hover:underline">
                {entry.text}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {links.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-ink-muted">{profilesMessages.socialLinksHeading}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {links.map((link) => {
              const href = safeHref(link.url);
              return href ? (
                <li key={link.key}>
                  <a
                    href={href}
                    rel="noopener noreferrer nofollow me"
                    className="inline-flex min-h-10 items-center gap-1.5 rounded-full px-4 text-sm font-semibold text-brand ring-1 ring-inset ring-brand hover:bg-brand-soft"
                  >
                    <Icon name="globe" size={16} />
                    {socialLabels[link.key]}
                  </a>
                </li>
              ) : null;
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}

export interface ProfileViewProps {
  page: ProfilePage;
  tab: ProfileTab;
  section: MediaSection | null;
  firstPage: ContentListPage | null;
  /** viewas=live: the owner sees the page as visitors do, interaction off. */
  liveRequested: boolean;
  sectionCounts: Partial<Record<MediaSection | "all", number>>;
}

/** The onboarding tour's targets among the tabs (issue 18; "connect" is the contact tab). */
const tourTargets: Partial<Record<ProfileTab, string>> = { media: "media", feed: "feed", contact: "connect" };

const tabLabels: Record<ProfileTab, string> = {
  media: profilesMessages.profileTabMedia,
  feed: profilesMessages.profileTabFeed,
  contact: profilesMessages.profileTabConnect,
  team: profilesMessages.profileTabPeople,
};

/**
 * /{slug}[/{tab}]: the profile page, server-rendered from `api.profiles.page` and the
 * first page of its publications. The owner gets edit, create and drafts; a person acting as
 * this company gets the way back to their own account; viewas=live shows the visitor's view.
 */
export function ProfileView({
  page,
  tab,
  section,
  firstPage,
  liveRequested,
  sectionCounts,
}: ProfileViewProps) {
  const { user, isLoading: sessionLoading } = useSession();
  const signIn = useSignInPrompt();
  const gate = useVerificationGate();
  const kind = page.user.type.id;
  const wanted = page.user.slug.toLowerCase();
  const ownerOfPage =
    page.isOwner || (user !== null && kind === "user" && personOf(user).slug.toLowerCase() === wanted);
  const live = ownerOfPage && liveRequested;
  const own = ownerOfPage && !live;
  const actingAsThis =
    user !== null && kind === "company" && isActingAsCompany(user) && user.slug.toLowerCase() === wanted;
  const profile: ProfileData = {
    kind,
    // A profile whose wizard is unfinished has no name yet.
    name: page.user.name || `@${page.user.slug}`,
    slug: page.user.slug,
    verificationStatus: page.user.verificationStatus,
    verifiedAt: page.user.verifiedAt,
    image: page.user.image?.urls.preview ?? null,
    background: page.user.backgroundImage?.urls.preview ?? null,
    profession: page.user.profession,
    city: page.user.city,
    country: page.user.country,
    about: page.user.about,
    followers: page.followersCount,
    following: page.followingCount,
    badge: page.user.badge ?? null,
  };
  const tabs = page.tabs.filter((name): name is ProfileTab => name in tabLabels);
  const activeTab: ProfileTab = tabs.includes(tab) ? tab : "media";

  return (
    <div className="mx-auto flex w-full max-w-[860px] flex-col gap-4 px-4 py-6 sm:py-8">
      {live ? (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-card bg-ink p-4 text-white sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-center gap-2 font-semibold">
            <Icon name="eye" size={20} />
            {profilesMessages.liveModeBanner}
          </p>
          <Button asChild variant="inverse" className="shrink-0">
            <Link href={profileTabPath(page.user.slug, activeTab)}>{profilesMessages.liveModeExit}</Link>
          </Button>
        </div>
      ) : null}
      <ProfileCard profile={profile} own={own} page={page} editable={mayEditPage(actorOf(user), page)} />
      {/* Rendered before the session is known too (the visitor's Follow row), so hydration inserts
          nothing above the page's sections; the owner is known from the page data (isOwner). */}
      {!ownerOfPage && !actingAsThis ? (
        <ProfileSocialActions
          profileId={page.user.id}
          slug={page.user.slug}
          name={profile.name}
          followersCount={page.followersCount}
        />
      ) : null}
      {own ? (
        <div className="flex flex-wrap items-center gap-2">
          {gate.popupFor("content.write") ? (
            // Not verified: the button is there, and says what opens it (the popup, §6).
            <Button onClick={() => gate.allows("content.write")}>
              <Icon name="sparkle" size={18} />
              {profilesMessages.createAction}
            </Button>
          ) : (
            <DeferredMenu
              trigger={
                <Button>
                  <Icon name="sparkle" size={18} />
                  {profilesMessages.createAction}
                </Button>
              }
              align="start"
              items={(Object.keys(createTitles) as CreateRoute[]).map((route) => ({
                label: createTitles[route],
                href: `/create/${route}`,
              }))}
            />
          )}
          <Button asChild variant="secondary">
            <Link href={`${profileTabPath(page.user.slug, activeTab)}?viewas=live`}>
              <Icon name="eye" size={18} />
              {profilesMessages.viewAsVisitor}
            </Link>
          </Button>
        </div>
      ) : null}
      {actingAsThis && user && !live ? <CompanyAdminCard user={user} /> : null}
      <AboutCard about={profile.about} own={own && kind === "user"} />
      <LinksCard page={page} />
      <section aria-label={profilesMessages.profileTabsLabel} className="flex flex-col gap-4">
        <nav
          aria-label={profilesMessages.profileTabsLabel}
          className="overflow-x-auto rounded-card bg-surface px-2 shadow-card"
        >
          <ul className="flex gap-1">
            {tabs.map((name) => (
              <li key={name}>
                <Link
                  href={`${profileTabPath(page.user.slug, name)}${live ? "?viewas=live" : ""}`}
                  aria-current={name === activeTab ? "page" : undefined}
                  data-tour={own ? tourTargets[name] : undefined}
                  className={cn(
                    "relative inline-flex min-h-12 items-center border-b-2 border-transparent px-4 text-[0.95rem] font-semibold text-ink-muted hover:text-ink",
                    name === activeTab && "border-success text-success",
                  )}
                >
                  {tabLabels[name]}
                  {name === "media" && page.mediaCounts.all > 0 ? (
                    <span className="ml-1.5 text-xs tabular-nums">{page.mediaCounts.all}</span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {activeTab === "media" || activeTab === "feed" ? (
          <ContentList
            key={`${activeTab}:${section ?? ""}:${live}`}
            slug={page.user.slug}
            tab={activeTab}
            initialSection={activeTab === "media" ? section : null}
            firstPage={firstPage}
            owner={ownerOfPage}
            live={live}
            ownerName={profile.name}
            sectionCounts={sectionCounts}
          />
        ) : activeTab === "contact" ? (
          <div className="rounded-card bg-surface p-6 text-center shadow-card">
            <Icon name="chat" size={28} className="mx-auto text-brand" />
            <p className="mt-3 text-ink">{format(profilesMessages.connectBody, { name: profile.name })}</p>
            {user && !own && !live && !actingAsThis ? <ConnectAction slug={page.user.slug} /> : null}
            {!user && !sessionLoading ? (
              // A visitor signs in in the dialog first, then lands in the conversation (issue 18).
              <Button
                className="mt-4"
                aria-haspopup="dialog"
                onClick={() =>
                  signIn.prompt({ action: "message", target: page.user.slug, name: profile.name })
                }
              >
                {sharedMessages.chatsMessageAction}
              </Button>
            ) : null}
          </div>
        ) : (
          <LazyTeamTab slug={page.user.slug} company={profile.name} />
        )}
      </section>
    </div>
  );
}
