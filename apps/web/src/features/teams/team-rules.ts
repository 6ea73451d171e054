/**
 * Pure rules of the people tab and the invitation screens (issue 14, teams): who gets which
 * button (the very policies the API's rows declare, plus the row-level rules of
 * apps/api/src/modules/teams/members.ts), how the emails box becomes a request, and the API's
 * 422 details put back next to the email they are about. zod-free: the profile page asks these on
 * every visit; the checks with the contract's schemas, run on submit, are in team-checks.ts.
 */
import {
  type Actor,
  cleanText,
  format,
  refusalOf,
  type TeamInviteInput,
  type TeamMember,
  type TeamMemberDetailsUpdate,
  type TeamMemberSelf,
  type TeamMemberUpdate,
  teamPolicies,
  teamRolePolicy,
} from "@vn/contract";
import { teamsMessages } from "@vn/contract/messages/teams";

const teams = teamPolicies;

/** Acting as a company: the team's calls all run as the company (switch first). */
function actingCompany(actor: Actor | null): actor is Actor {
  return actor !== null && actor.profileType === "company" && actor.companyRole !== null;
}

/** "Invite people" and the pending list: the `employees` scope (owners all, managers manage). */
export function mayInvite(actor: Actor | null): boolean {
  return actingCompany(actor) && refusalOf(actor, teams.invite) === null;
}

/** "Leave company": any member acting as the company but the owner (who transfers first). */
export function mayLeave(actor: Actor | null): boolean {
  return actingCompany(actor) && actor.companyRole !== "owner" && refusalOf(actor, teams.leave) === null;
}

/** "Team settings" (members may hide their byline): the settings scope, owners only. */
export function mayEditTeamSettings(actor: Actor | null): boolean {
  return actingCompany(actor) && refusalOf(actor, teams.updateTeamSettings) === null;
}

/** "Edit my details": any member acting as the company edits their own card. */
export function mayEditOwnDetails(actor: Actor | null): boolean {
  return actingCompany(actor) && refusalOf(actor, teams.updateMyDetails) === null;
}

export interface MemberActions {
  makeManager: boolean;
  makeEmployee: boolean;
  remove: boolean;
  transfer: boolean;
  /** Set the member's position and team. */
  place: boolean;
  /** One's own row: "Edit my details". */
  editOwn: boolean;
}

const none: MemberActions = {
  makeManager: false,
  makeEmployee: false,
  remove: false,
  transfer: false,
  place: false,
  editOwn: false,
};

/**
 * What the viewer may do to one member. Roles and transfers need `settings` (owners); removing
 * and placing (position, team) need `employees`, and a manager removes and places employees only.
 * Nobody removes the owner or themselves; the owner places anyone, themselves included.
 */
export function memberActions(actor: Actor | null, member: TeamMember): MemberActions {
  if (!actingCompany(actor)) return none;
  const own = member.userId === actor.userId;
  const employees = refusalOf(actor, teams.updateMember) === null;
  const place = employees && (actor.companyRole === "owner" || member.role === "company_employee");
  const editOwn = own && mayEditOwnDetails(actor);
  if (member.role === "owner" || own) return { ...none, place, editOwn };
  const settings = refusalOf(actor, teamRolePolicy) === null;
  const transfer = refusalOf(actor, teams.transferOwnership) === null && actor.companyRole === "owner";
  return {
    makeManager: settings && member.role === "company_employee",
    makeEmployee: settings && member.role === "manager",
    remove: employees && (actor.companyRole === "owner" || member.role === "company_employee"),
    transfer: transfer && member.role === "manager",
    place,
    editOwn,
  };
}

export function hasAnyAction(actions: MemberActions): boolean {
  return Object.values(actions).some(Boolean);
}

/** A text field as sent: the §5 cleanup (trims, collapses spaces and blank lines); "" is "not set". */
const orNull = (value: string) => cleanText(value) || null;
const changed = (value: string, initial: string) => cleanText(value) !== cleanText(initial);

/** The 422 details of a one-object body (`body.<field>`) by field: the first message of each. */
export function fieldProblems(details: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(details)) return out;
  for (const item of details as unknown[]) {
    if (!item || typeof item !== "object") continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof path !== "string" || typeof message !== "string") continue;
    const field = path.replace(/^body\.?/, "").split(".")[0] || "form";
    out[field] ??= message;
  }
  return out;
}

export interface MyDetailsValues {
  displayName: string;
  caption: string;
  /** A new employee_image upload ("" keeps the photo shown now). */
  imageUrl: string;
  displayPersonalProfile: boolean;
  hideByline: boolean;
}

export function myDetailsValues(self: TeamMemberSelf): MyDetailsValues {
  return {
    displayName: self.name,
    caption: self.caption ?? "",
    imageUrl: "",
    displayPersonalProfile: self.displayPersonalProfile,
    hideByline: self.hideByline,
  };
}

/**
 * The request of "Edit my details": only what changed, so an untouched name is not frozen as the
 * member's display name (the card follows their personal profile's name until they set one).
 */
export function myDetailsBody(values: MyDetailsValues, initial: MyDetailsValues): TeamMemberDetailsUpdate {
  const body: TeamMemberDetailsUpdate = {};
  if (changed(values.displayName, initial.displayName)) body.displayName = orNull(values.displayName);
  if (changed(values.caption, initial.caption)) body.caption = orNull(values.caption);
  if (values.imageUrl) body.imageUrl = values.imageUrl;
  if (values.displayPersonalProfile !== initial.displayPersonalProfile) {
    body.displayPersonalProfile = values.displayPersonalProfile;
  }
  if (values.hideByline !== initial.hideByline) body.hideByline = values.hideByline;
  return body;
}

export interface PlacementValues {
  position: string;
  team: string;
}

export function placementValues(member: TeamMember): PlacementValues {
  return { position: member.position?.title ?? "", team: member.team?.title ?? "" };
}

/** Position and team as changed ("" clears); null when nothing changed. */
export function placementBody(values: PlacementValues, initial: PlacementValues): TeamMemberUpdate | null {
  const body: TeamMemberUpdate = {};
  if (changed(values.position, initial.position)) body.position = orNull(values.position);
  if (changed(values.team, initial.team)) body.team = orNull(values.team);
  return Object.keys(body).length > 0 ? body : null;
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
  /** The employee_image uploaded in the dialog (a variant's URL), if any. */
  imageUrl?: string;
}

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
          ...(details.imageUrl ? { imageUrl: details.imageUrl } : {}),
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

const detailFields = ["displayName", "position", "caption", "team", "imageUrl"] as const;

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
    const line = email === undefined ? message : format(teamsMessages.teamInviteRowError, { email, message });
    if (!out.emails.includes(line)) out.emails.push(line);
  }
  return out;
}
