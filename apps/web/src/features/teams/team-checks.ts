/**
 * The contract's checks of the team's dialogs before sending, apart from team-rules.ts: they parse
 * with the contract's schemas (zod), so the dialogs import this module on submit (decision 0027).
 */
import {
  BULK_INVITE_MAX_EMAILS,
  format,
  type TeamMemberDetailsUpdate,
  type TeamMemberUpdate,
  teamInvitesRequestSchema,
  teamMemberDetailsUpdateRequestSchema,
  teamMemberUpdateRequestSchema,
} from "@vn/contract";
import { sharedMessages } from "@vn/contract/messages/shared";
import {
  fieldProblems,
  type InviteDetails,
  type InviteProblems,
  inviteProblems,
  invitesBody,
} from "./team-rules";

/** The contract's checks of "Edit my details" before sending: problems by field, or null. */
export function checkMyDetails(body: TeamMemberDetailsUpdate): Record<string, string> | null {
  const parsed = teamMemberDetailsUpdateRequestSchema.safeParse(body);
  if (parsed.success) return null;
  return fieldProblems(
    parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
  );
}

/** The contract's checks of position and team before sending: problems by field, or null. */
export function checkPlacement(body: TeamMemberUpdate): Record<string, string> | null {
  const parsed = teamMemberUpdateRequestSchema.safeParse(body);
  if (parsed.success) return null;
  return fieldProblems(
    parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
  );
}

/** The same checks the API runs, before sending: null when the body is fine. */
export function checkInvites(emails: string[], details: InviteDetails): InviteProblems | null {
  if (emails.length === 0) return { emails: [sharedMessages.fieldRequired], fields: {} };
  if (emails.length > BULK_INVITE_MAX_EMAILS) {
    return { emails: [format(sharedMessages.bulkInviteMax, { count: BULK_INVITE_MAX_EMAILS })], fields: {} };
  }
  const parsed = teamInvitesRequestSchema.safeParse(invitesBody(emails, details));
  if (parsed.success) return null;
  return inviteProblems(
    parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
    emails,
  );
}
