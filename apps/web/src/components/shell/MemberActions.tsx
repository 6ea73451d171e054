"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { MessagingNavItem } from "@/features/chats/MessagingNavItem";
import { FeedbackOverlay } from "@/features/forms/FeedbackDialog";
import { NotificationsMenu } from "@/features/notifications/NotificationsMenu";
import { routes } from "@/lib/paths";
import type { SessionUser } from "@/lib/session";
import { NavItem } from "./NavItem";
import { UserMenu } from "./UserMenu";

/** A signed-in member's side of the header: home, companies, messaging, notifications, feedback
 * and the account menu. SiteHeader loads it only for a member, so a visitor's page goes without
 * the unread counts, the notification texts and the account menu's code. */
export function MemberActions({ user }: { user: SessionUser }) {
  return (
    <nav aria-label={commonMessages.primaryNavigation} className="flex items-center gap-0.5 md:gap-1">
      <NavItem href={routes.userHome(user.slug)} label="Home" icon="home" tour="home" />
      <NavItem href={routes.companies} label="Companies" icon="building" />
      <MessagingNavItem />
      <NotificationsMenu />
      <FeedbackOverlay />
      <UserMenu user={user} />
    </nav>
  );
}
