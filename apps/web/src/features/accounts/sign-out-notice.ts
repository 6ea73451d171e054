import { type MessageKey, messages } from "@vn/contract";

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
] as const satisfies readonly MessageKey[];
export type SignOutNoticeKey = (typeof signOutNoticeKeys)[number];

/** The notice to show for a `?message=` value: an allowed one, else the plain "Logged out". */
export function signOutNotice(param: string | null | undefined): string {
  if (!param) return messages.loggedOut;
  for (const key of signOutNoticeKeys) {
    if (param === key || param === messages[key]) return messages[key];
  }
  return messages.loggedOut;
}
