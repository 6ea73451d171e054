/**
 * Company teams' limits and policies without schemas: zod-free, so the profile page's people tab
 * and its buttons do not load zod or the endpoint table for them (decision 0027). The schemas are
 * in schemas/teams.ts; endpoints/teams.ts declares its rows with these policies.
 */
import type { Policy } from "./policy";

export const TEAM_INVITE_LIMITS = {
  inviteUser: { min: 2, max: 254 },
  displayName: { min: 1, max: 128 },
  position: { min: 2, max: 128 },
  caption: { min: 1, max: 2000 },
  team: { min: 1, max: 64 },
} as const;
export const TEAM_REJECT_REASON_MAX = 2000;
/** An invitation stays open this long (product decision: 14 days). */
export const TEAM_INVITE_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * The policies of the team's rows the web asks before offering a button: `employees` to invite
 * and place members, `settings` (owners) for the team's settings and transfers; every member
 * leaves and edits their own card.
 */
export const teamPolicies = {
  invite: { who: "active", scope: "employees", rateLimit: { max: 30, per: "minute", by: "account" } },
  updateMember: { who: "active", scope: "employees" },
  updateMyDetails: { who: "active", rateLimit: { max: 30, per: "minute", by: "account" } },
  updateTeamSettings: { who: "active", scope: "settings" },
  leave: { who: "active" },
  transferOwnership: { who: "active", scope: "settings" },
} as const satisfies Record<string, Policy>;

/**
 * Promoting and demoting (a `role` in PATCH /companies/me/members/:userId) needs the settings
 * scope: owners only. That row itself asks for `employees` (managers set employees' position and
 * team); the service asks this on top, and the web the same before offering the buttons.
 */
export const teamRolePolicy: Policy = { who: "active", scope: "settings" };
