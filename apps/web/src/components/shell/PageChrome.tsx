import { PAGE_MIN_WIDTH } from "@vn/contract";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { MemberChrome } from "./MemberChrome";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";
import { MAIN_CONTENT_ID, SkipLink } from "./SkipLink";

export interface PageChromeProps {
  children: ReactNode;
  hideHeader?: boolean;
  hideFooter?: boolean;
  hideSearch?: boolean;
  /** Show the visitor's header even to a signed-in user (sign-in, sign-out). */
  unauthenticatedHeader?: boolean;
  /** A header with only the logo and a way out (guided flows such as the create-profile wizard). */
  minimalHeader?: boolean;
  /** Below this width the page scrolls sideways instead of squeezing (spec §2, default 360 px). */
  minWidth?: number;
  /** Classes for <main>, e.g. a different background. */
  mainClassName?: string;
}

/**
 * The page frame: skip link, header, <main>, footer (spec §2 "a page can hide the header, footer or
 * search, choose an unauthenticated header, and set a minimum width").
 *
 * How pages choose: route-group layouts wrap their pages in a PageChrome with the group's settings
 * (app/(site)/layout.tsx: the full frame; app/(account)/layout.tsx: visitor header, no search).
 * A page with its own needs lives outside those groups and renders <PageChrome …> itself, as the
 * 404 page does. The frame is a server component; only the header reads the session.
 */
export function PageChrome({
  children,
  hideHeader = false,
  hideFooter = false,
  hideSearch = false,
  unauthenticatedHeader = false,
  minimalHeader = false,
  minWidth = PAGE_MIN_WIDTH,
  mainClassName,
}: PageChromeProps) {
  return (
    <div className="flex min-h-dvh flex-col" style={{ minWidth }}>
      <SkipLink />
      {hideHeader ? null : (
        <SiteHeader hideSearch={hideSearch} unauthenticated={unauthenticatedHeader} minimal={minimalHeader} />
      )}
      {/* A member's frame (not the visitor's or a guided flow's) carries the verification and
          moderation banners; every frame watches a member's subscription and invitation cookies. */}
      <MemberChrome banners={!(hideHeader || unauthenticatedHeader || minimalHeader)} />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={cn("flex flex-1 flex-col focus:outline-none", mainClassName)}
      >
        {children}
      </main>
      {hideFooter ? null : <SiteFooter />}
    </div>
  );
}
