import { idParamsSchema, slugParamsSchema } from "../schemas/common";
import {
  teamInviteListResponseSchema,
  teamInviteRejectRequestSchema,
  teamInviteResponseSchema,
  teamInvitesRequestSchema,
  teamMemberDetailsUpdateRequestSchema,
  teamMemberListResponseSchema,
  teamMemberParamsSchema,
  teamMemberResponseSchema,
  teamMemberSelfResponseSchema,
  teamMemberUpdateRequestSchema,
  teamSettingsResponseSchema,
  teamSettingsUpdateRequestSchema,
  teamTransferRequestSchema,
} from "../schemas/teams";
import { teamPolicies } from "../teams";
import { endpoint } from "./define";

const tags = ["teams"];

/**
 * Company teams (issue 14): invitations by email, the invitee's answer, the people tab, roles.
 * Company-side rows act as the company (switch first): the `employees` scope lets owners (all)
 * and managers (manage) run invitations and members' position and team; role changes, transfers
 * and the team's settings need `settings` (owners). Every member edits their own card.
 * The level is active, not verified: an unverified company may still build its team.
 */
export const teamsEndpoints = {
  invite: endpoint({
    method: "POST",
    path: "/api/v1/companies/me/invites",
    tags,
    summary: "Invite one person or up to 50 by email to the acting company's team",
    description:
      'All or nothing. Errors: 422 request_validationFailed (§5 limits; details per row: "Already added" for an email twice, already invited or a member; a blocked or deleted account); 403 account_accessForbiddenByPlan (members and pending invitations would exceed the plan\'s seats plus the seats add-on: buy seats or upgrade); 403 request_forbidden (not acting as a company); 403 accountManager_permissionNotProvided.',
    body: teamInvitesRequestSchema,
    responses: { 201: teamInviteListResponseSchema },
    policy: teamPolicies.invite,
    errors: ["request_forbidden", "account_accessForbiddenByPlan"],
  }),
  pendingInvites: endpoint({
    method: "GET",
    path: "/api/v1/companies/me/invites",
    tags,
    summary: "The acting company's pending invitations",
    responses: { 200: teamInviteListResponseSchema },
    policy: { who: "active", scope: "employees" },
    errors: ["request_forbidden"],
  }),
  cancelInvite: endpoint({
    method: "POST",
    path: "/api/v1/companies/me/invites/:id/cancel",
    tags,
    summary: "Cancel a pending invitation of the acting company",
    description: "Errors: 404 invite_notFound; 409 invite_unavailable (decided or expired already).",
    params: idParamsSchema,
    responses: { 200: teamInviteResponseSchema },
    policy: { who: "active", scope: "employees" },
    errors: ["request_forbidden", "invite_notFound", "invite_unavailable"],
  }),
  myInvite: endpoint({
    method: "GET",
    path: "/api/v1/users/me/companies/invites/:id",
    tags,
    summary: "An invitation addressed to the signed-in person's email",
    description:
      "Errors: 404 invite_notFound; 403 request_forbidden (sent to another email: the message says so); 409 invite_unavailable (§8: expired, cancelled or decided).",
    params: idParamsSchema,
    responses: { 200: teamInviteResponseSchema },
    policy: { who: "active", allowLostActingProfile: true },
    errors: ["invite_notFound", "invite_unavailable", "request_forbidden"],
  }),
  acceptInvite: endpoint({
    method: "PATCH",
    path: "/api/v1/users/me/companies/invites/:id/accept",
    tags,
    summary: "Accept an invitation: the person becomes a company_employee",
    description:
      "Seats are checked again. Errors: 404 invite_notFound; 403 request_forbidden; 409 invite_unavailable; 403 account_accessForbiddenByPlan (the team is full).",
    params: idParamsSchema,
    responses: { 200: teamInviteResponseSchema },
    policy: { who: "active", allowLostActingProfile: true },
    errors: ["invite_notFound", "invite_unavailable", "request_forbidden", "account_accessForbiddenByPlan"],
  }),
  rejectInvite: endpoint({
    method: "PATCH",
    path: "/api/v1/users/me/companies/invites/:id/reject",
    tags,
    summary: "Reject an invitation, with a reason",
    params: idParamsSchema,
    body: teamInviteRejectRequestSchema,
    responses: { 200: teamInviteResponseSchema },
    policy: { who: "active", allowLostActingProfile: true },
    errors: ["invite_notFound", "invite_unavailable", "request_forbidden"],
  }),
  people: endpoint({
    method: "GET",
    path: "/api/v1/companies/:slug/people",
    tags,
    summary: "The people tab: the company's members (the Employees permission)",
    description:
      "Only while acting as this company with the employees scope (action team.view). Errors: 403 request_forbidden (another company); 403 accountManager_permissionNotProvided; 404 company_notFound.",
    params: slugParamsSchema,
    responses: { 200: teamMemberListResponseSchema },
    policy: { who: "active", scope: "employees" },
    errors: ["request_forbidden", "company_notFound"],
  }),
  updateMember: endpoint({
    method: "PATCH",
    path: "/api/v1/companies/me/members/:userId",
    tags,
    summary: "Set a member's role (owner only), position and team (owner: anyone; manager: employees)",
    description:
      "Any subset of role, position and team; null clears position or team. All or nothing. Audited as company.roleChanged (role) and company.memberUpdated (position, team). Errors: 404 request_notFound (not a member); 403 request_forbidden (the owner's own role; a manager on a manager's or the owner's row); 403 accountManager_permissionNotProvided (a role without the settings scope).",
    params: teamMemberParamsSchema,
    body: teamMemberUpdateRequestSchema,
    responses: { 200: teamMemberResponseSchema },
    policy: teamPolicies.updateMember,
    errors: ["request_forbidden", "request_notFound"],
  }),
  myMembership: endpoint({
    method: "GET",
    path: "/api/v1/companies/me/members/me",
    tags,
    summary: "The acting member's own card on the company's team, with their byline choice",
    description: "Any member acting as the company (no scope: it is their own card).",
    responses: { 200: teamMemberSelfResponseSchema },
    policy: { who: "active" },
    errors: ["request_forbidden"],
  }),
  updateMyDetails: endpoint({
    method: "PATCH",
    path: "/api/v1/companies/me/members/me",
    tags,
    summary:
      "Edit one's own card: display name, caption, image, the personal-profile link and hiding the byline",
    description:
      "Any subset; null clears. The image must be the company's own employee_image upload. Position and team are the owner's and managers' to set. Audited as company.memberUpdated. Errors: 422 request_validationFailed (§5 limits; an image that is not the company's upload); 403 request_forbidden (hideByline where the company does not allow it; not acting as a company).",
    body: teamMemberDetailsUpdateRequestSchema,
    responses: { 200: teamMemberSelfResponseSchema },
    policy: teamPolicies.updateMyDetails,
    errors: ["request_forbidden"],
  }),
  teamSettings: endpoint({
    method: "GET",
    path: "/api/v1/companies/me/team-settings",
    tags,
    summary: "The acting company's team settings (owners)",
    responses: { 200: teamSettingsResponseSchema },
    policy: { who: "active", scope: "settings" },
    errors: ["request_forbidden"],
  }),
  updateTeamSettings: endpoint({
    method: "PATCH",
    path: "/api/v1/companies/me/team-settings",
    tags,
    summary: "Change the acting company's team settings: whether members may hide their byline (owners)",
    description: "Audited as company.teamSettingsUpdated. Errors: 403 accountManager_permissionNotProvided.",
    body: teamSettingsUpdateRequestSchema,
    responses: { 200: teamSettingsResponseSchema },
    policy: teamPolicies.updateTeamSettings,
    errors: ["request_forbidden"],
  }),
  removeMember: endpoint({
    method: "DELETE",
    path: "/api/v1/companies/me/members/:userId",
    tags,
    summary: "Remove a member: the owner removes anyone but themselves, a manager removes employees",
    description: "Audited as company.memberRemoved. Errors: 404 request_notFound; 403 request_forbidden.",
    params: teamMemberParamsSchema,
    responses: { 204: null },
    policy: { who: "active", scope: "employees" },
    errors: ["request_forbidden", "request_notFound"],
  }),
  leave: endpoint({
    method: "POST",
    path: "/api/v1/companies/me/leave",
    tags,
    summary: "Leave the acting company (not the owner); the session switches back to the person",
    description: "Audited as company.memberLeft. Errors: 409 request_conflict (the owner: transfer first).",
    responses: { 204: null },
    policy: teamPolicies.leave,
    errors: ["request_forbidden", "request_conflict"],
  }),
  transferOwnership: endpoint({
    method: "POST",
    path: "/api/v1/companies/me/transfer-ownership",
    tags,
    summary: "Hand the company to a manager; the owner becomes a manager",
    description:
      "Audited as company.ownershipTransferred. Errors: 422 request_validationFailed (not a manager); 404 request_notFound.",
    body: teamTransferRequestSchema,
    responses: { 200: teamMemberListResponseSchema },
    policy: teamPolicies.transferOwnership,
    errors: ["request_forbidden", "request_notFound"],
  }),
};
