"use client";

import { commonMessages } from "@vn/contract/messages/common";
import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { Suspense } from "react";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import { routes } from "@/lib/paths";
import { useSession } from "@/lib/session";
import { HeaderSearch } from "./HeaderSearch";
import { Logo } from "./Logo";
import { NavItem } from "./NavItem";

export interface SiteHeaderProps {
  hideSearch?: boolean;
  /** Always show the visitor's header, whoever is signed in (sign-in and sign-out screens). */
  unauthenticated?: boolean;
  /** Only the logo, and sign-out for a member (guided flows, nothing to wander off to). */
  minimal?: boolean;
}

function VisitorActions() {
  return (
    <div className="flex items-center gap-1 sm:gap-2">
      <nav aria-label={commonMessages.primaryNavigation} className="hidden items-center md:flex">
        <NavItem href={routes.companies} label="Companies" icon="building" />
        <NavItem href={routes.blog} label="Blog" icon="document" />
        <NavItem href={routes.faq} label="Help" icon="help" />
      </nav>
      <span className="mx-2 hidden h-9 w-px bg-line md:block" aria-hidden="true" />
      <Button asChild variant="tertiary" className="max-[399px]:px-3">
        <Link href={routes.signUp}>{commonMessages.joinNow}</Link>
      </Button>
      <Button asChild variant="secondary" className="max-[399px]:px-3">
        <Link href={routes.login}>{commonMessages.signIn}</Link>
      </Button>
    </div>
  );
}

/** The header's actions while the session, or a member's actions, are on their way. */
function ActionsSkeleton() {
  return (
    <div className="flex items-center gap-3" aria-busy="true">
      <span className="sr-only">{commonMessages.loading}</span>
      <Skeleton className="h-10 w-20 rounded-full max-sm:hidden" />
      <Skeleton className="h-10 w-24 rounded-full" />
    </div>
  );
}

/** A member's actions load only for a member (rendered on the server when the session is known
 * there, and then preloaded with the page); the skeleton stays until they arrive. */
const MemberActions = dynamic(() => import("./MemberActions").then((module) => module.MemberActions), {
  loading: ActionsSkeleton,
});

/** The header of every page (unless the page hides it): brand, search, and the visitor's or
 * member's actions. The session decides which, unless the page forces the visitor variant. */
export function SiteHeader({
  hideSearch = false,
  unauthenticated = false,
  minimal = false,
}: SiteHeaderProps) {
  const session = useSession();
  const pathname = usePathname();
  if (minimal) {
    return (
      <header className="sticky top-0 z-40 border-b border-line bg-surface">
        <div className="mx-auto flex h-16 w-full max-w-[1128px] items-center gap-2 px-3 sm:px-4">
          <Logo />
          {session.user ? (
            <Button asChild variant="tertiary" className="ml-auto">
              <Link href={routes.logout}>{commonMessages.signOut}</Link>
            </Button>
          ) : null}
        </div>
      </header>
    );
  }
  // /login keeps a signed-in person there with "You are already logged in." (issue 18): their own
  // header then, not the visitor's "Sign in".
  const visitorOnly = unauthenticated && !(pathname === routes.login && session.user);
  const showMember = !visitorOnly && session.user !== null;
  const loading = !visitorOnly && session.isLoading;
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface">
      <div className="mx-auto flex h-16 w-full max-w-[1128px] items-center gap-2 px-3 sm:px-4 md:gap-4">
        <Logo compact />
        {hideSearch ? null : (
          <Suspense fallback={null}>
            <HeaderSearch />
          </Suspense>
        )}
        <div className="ml-auto flex items-center">
          {loading ? (
            <ActionsSkeleton />
          ) : showMember && session.user ? (
            <MemberActions user={session.user} />
          ) : (
            <VisitorActions />
          )}
        </div>
      </div>
    </header>
  );
}
