import { format } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { normalizePath } from "../../lib/paths";

/**
 * What the query intents that change something ask first (issue 11): an invitation link opened by
 * a signed-in member is accepted only after they confirm, and the undo link of an email or phone
 * change (`?type=access-change-undo&token=…`, mailed to the old address) undoes it only after the
 * person confirms. Pure, so the rules are tested without a browser.
 */

/** The undo link's token and the address without it, or null when the page has none. */
export function undoIntentOf(pathname: string, search: string): { token: string; rest: string } | null {
  const params = new URLSearchParams(search);
  const token = params.get("token")?.trim() ?? "";
  if (params.get("type") !== "access-change-undo" || !token) return null;
  params.delete("type");
  params.delete("token");
  const path = normalizePath(pathname);
  const rest = params.toString();
  return { token, rest: rest ? `${path}?${rest}` : path };
}

export type InviteConfirmation =
  | { type: "confirm"; name: string; title: string; description: string }
  | { type: "unavailable"; text: string };

/** The dialog for an invitation looked up by its code: ask, or say it no longer works (§8). */
export function inviteConfirmationOf(invite: {
  status: string;
  inviter: { name: string };
}): InviteConfirmation {
  if (invite.status !== "pending") return { type: "unavailable", text: commonMessages.invitationUnavailable };
  const name = invite.inviter.name;
  return {
    type: "confirm",
    name,
    title: commonMessages.inviteConfirmTitle,
    description: `${format(commonMessages.invitedBy, { name })} ${format(commonMessages.inviteConfirmBody, { name })}`,
  };
}
