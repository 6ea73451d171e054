/**
 * Pure rules of the people tab and the invitation screens (issue 14, teams): who gets which
 * button (the very policies the API's rows declare, plus the row-level rules of
 * apps/api/src/modules/teams/members.ts), how the emails box becomes a request, and the API's
 * 422 details put back next to the email they are about.
 */
import {
  type Actor,
  BULK_INVITE_MAX_EMAILS,
  endpoints,
  format,
  messages,
  refusalOf,
  type TeamInviteInput,
  type TeamMember,
  teamInvitesRequestSchema,
} from "@vn/contract";

const teams = endpoints.teams;

/** Acting as a company: the team's calls all run as the company (switch first). */
function actingCompany(actor: Actor | null): actor is Actor {
  return actor !== null && actor.profileType === "company" && actor.companyRole !== null;
}

/** "Invite people" and the pending list: the `employees` scope (owners all, managers manage). */
export function mayInvite(actor: Actor | null): boolean {
  return actingCompany(actor) && refusalOf(actor, teams.invite.policy) === null;
}

/** "Leave company": any member acting as the company but the owner (who transfers first). */
export function mayLeave(actor: Actor | null): boolean {
  return (
    actingCompany(actor) && actor.companyRole !== "owner" && refusalOf(actor, teams.leave.policy) === null
  );
}

export interface MemberActions {
  makeManager: boolean;
  makeEmployee: boolean;
  remove: boolean;
  transfer: boolean;
}

const none: MemberActions = { makeManager: false, makeEmployee: false, remove: false, transfer: false };

/**
 * What the viewer may do to one member. Roles and transfers need `settings` (owners); removing
 * needs `employees`, never the owner nor oneself, and a manager removes employees only.
 */
export function memberActions(actor: Actor | null, member: TeamMember): MemberActions {
  if (!actingCompany(actor) || member.role === "owner" || member.userId === actor.userId) return none;
  const settings = refusalOf(actor, teams.changeRole.policy) === null;
  const transfer = refusalOf(actor, teams.transferOwnership.policy) === null && actor.companyRole === "owner";
  const employees = refusalOf(actor, teams.removeMember.policy) === null;
  return {
    makeManager: settings && member.role === "company_employee",
    makeEmployee: settings && member.role === "manager",
    remove: employees && (actor.companyRole === "owner" || member.role === "company_employee"),
    transfer: transfer && member.role === "manager",
  };
}

export function hasAnyAction(actions: MemberActions): boolean {
  return actions.makeManager || actions.makeEmployee || actions.remove || actions.transfer;
}

/** The emails box: one per line or comma (or semicolon) separated; blanks dropped, order kept. */
export function parseEmails(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export interface InviteDetails {
  displayName: string;
  position: string;
  caption: string;
  team: string;
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/**
 * The request body. The per-person fields belong to one person, so they are sent only when one
 * email is invited (the form hides them otherwise).
 */
export function invitesBody(emails: string[], details: InviteDetails): { invites: TeamInviteInput[] } {
  if (emails.length === 1) {
    return {
      invites: [
        {
          email: emails[0] as string,
          displayName: orNull(details.displayName),
          position: orNull(details.position),
          caption: orNull(details.caption),
          team: orNull(details.team),
        },
      ],
    };
  }
  return { invites: emails.map((email) => ({ email })) };
}

export interface InviteProblems {
  /** For the emails box: "{email}: {message}" per row, and list-wide sentences (the 50 limit). */
  emails: string[];
  /** The one-person fields, by name. */
  fields: Partial<Record<keyof InviteDetails, string>>;
}

const detailFields = ["displayName", "position", "caption", "team"] as const;

/**
 * 422 details (`{path: "body.invites.1.email", message}` from the API, or the same issues from
 * the contract schema before sending) as messages the form shows: per email, and per field.
 */
export function inviteProblems(details: unknown, emails: string[]): InviteProblems {
  const out: InviteProblems = { emails: [], fields: {} };
  if (!Array.isArray(details)) return out;
  for (const item of details as unknown[]) {
    if (!item || typeof item !== "object") continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof path !== "string" || typeof message !== "string") continue;
    const match = /^(?:body\.)?invites(?:\.(\d+)(?:\.(\w+))?)?$/.exec(path);
    if (!match) continue;
    const [, index, field] = match;
    const email = index === undefined ? undefined : emails[Number(index)];
    const known = detailFields.find((name) => name === field);
    if (known && emails.length === 1) {
      out.fields[known] ??= message;
      continue;
    }
    const line = email === undefined ? message : format(messages.teamInviteRowError, { email, message });
    if (!out.emails.includes(line)) out.emails.push(line);
  }
  return out;
}

/** The same checks the API runs, before sending: null when the body is fine. */
export function checkInvites(emails: string[], details: InviteDetails): InviteProblems | null {
  if (emails.length === 0) return { emails: [messages.fieldRequired], fields: {} };
  if (emails.length > BULK_INVITE_MAX_EMAILS) {
    return { emails: [format(messages.bulkInviteMax, { count: BULK_INVITE_MAX_EMAILS })], fields: {} };
  }
  const parsed = teamInvitesRequestSchema.safeParse(invitesBody(emails, details));
  if (parsed.success) return null;
  return inviteProblems(
    parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
    emails,
  );
}
