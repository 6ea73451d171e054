import { accountsMessages } from "@vn/contract/messages/accounts";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";

/**
 * The notices /logout may show (spec §2 "Logged out", or the custom ?message=). Only these: the
 * query string is anyone's to write, and a link to /logout?message=<anything> would otherwise put
 * an attacker's words on screen as the site's own notice (issue 11). A caller names one by its
 * key (`?message=accountDeleted`) or by its exact sentence (what links already send).
 */
export const signOutNoticeKeys = [
  "loggedOut",
  "accountDeleted",
  "sessionExpired",
  "passwordChanged",
  "accountDeletedOrBlocked",
] as const;
export type SignOutNoticeKey = (typeof signOutNoticeKeys)[number];

const notices: Record<SignOutNoticeKey, string> = {
  loggedOut: accountsMessages.loggedOut,
  accountDeleted: sharedMessages.accountDeleted,
  sessionExpired: commonMessages.sessionExpired,
  passwordChanged: sharedMessages.passwordChanged,
  accountDeletedOrBlocked: accountsMessages.accountDeletedOrBlocked,
};

/** The notice to show for a `?message=` value: an allowed one, else the plain "Logged out". */
export function signOutNotice(param: string | null | undefined): string {
  if (!param) return accountsMessages.loggedOut;
  for (const key of signOutNoticeKeys) {
    if (param === key || param === notices[key]) return notices[key];
  }
  return accountsMessages.loggedOut;
}
