import { type ErrorCode, endpointList, errorStatus, fillPath } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { companyMembers, profiles } from "../src/db/schema/index";
import { createCompany, createPerson, type PersonInput } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * The authorization matrix: every endpoint of the contract's table × every kind of actor, asked
 * through the real guard (a policy probe answers 204 where the guard lets the call through,
 * without running the handler). The expectations below are written per route, apart from the
 * table: a new route fails this test until it has its row here, and a row whose policy drifts
 * from what is expected fails it too. Resource-level rules (whose comment, whose item) are the
 * domain suites' business; this is who may knock at all.
 */

const actorKinds = [
  "anonymous",
  "deadSession",
  "unfinished",
  "unverified",
  "readOnly",
  "verified",
  "another",
  "companyOwner",
  "manager",
  "employee",
  "lostCompany",
  "staff",
  "moderator",
  // Issue 16: holds a staff role but has no second factor on: not staff yet (404 on staff routes).
  "staffWithoutTwoFactor",
] as const;
type ActorKind = (typeof actorKinds)[number];

/**
 * Who may call each route: "anyone" (visitors too), "session" (signed in, wizard may be
 * unfinished), "active" (wizard finished), "participant" (and not read-only: a final verification
 * rejection or an appeal), "verified" (identity verified, and KYB for a company), "staff"
 * (moderator or admin), "admin"; "+lost" = still answers while the acting company is gone.
 */
type Level =
  | "anyone"
  | "session"
  | "session+lost"
  | "active"
  | "active+lost"
  | "participant"
  | "participant+lost"
  | "verified"
  | "staff"
  | "admin";

const expected: Record<string, Level> = {
  "GET /api/dev/outbox": "anyone",
  "GET /api/dev/outbox/view": "anyone",
  "GET /api/health": "anyone",
  "GET /api/media/public/:mediaId/:name": "anyone",
  "GET /api/ready": "anyone",
  "DELETE /api/v1/comments/:id": "verified",
  "PATCH /api/v1/comments/:id": "verified",
  "DELETE /api/v1/comments/:id/pin": "verified",
  "PUT /api/v1/comments/:id/pin": "verified",
  "GET /api/v1/comments/:id/replies": "anyone",
  "GET /api/v1/comments/dialog": "anyone",
  "POST /api/v1/companies": "verified",
  // Page editing (issue 14): an unverified company may build its page; the settings scope decides
  "GET /api/v1/companies/:id/page-settings": "active",
  "PATCH /api/v1/companies/:id": "active",
  "POST /api/v1/content": "verified",
  "DELETE /api/v1/content/:id": "verified",
  "GET /api/v1/content/:id": "session",
  "PATCH /api/v1/content/:id": "verified",
  "GET /api/v1/content/:id/comments": "anyone",
  "POST /api/v1/content/:id/comments": "verified",
  "PUT /api/v1/content/:id/media": "active",
  "DELETE /api/v1/content/:id/reactions": "participant",
  "GET /api/v1/content/:id/reactions": "anyone",
  "PUT /api/v1/content/:id/reactions": "participant",
  "POST /api/v1/content/:id/reposts": "verified",
  "POST /api/v1/content/:id/views": "anyone",
  "POST /api/v1/dashboard/owner/slug/exists": "anyone",
  "POST /api/v1/dashboard/owner/slug/generate": "anyone",
  "GET /api/v1/feed": "active",
  "POST /api/v1/feedback": "session",
  "GET /api/v1/link-previews": "active",
  // Issue 18: the onboarding tour (v1 and v2) and the getting-started checklist.
  "GET /api/v1/tooltips/steps": "active",
  "GET /api/v2/tooltips/steps": "active",
  "POST /api/v1/tooltips/steps/finish": "active",
  "POST /api/v2/tooltips/steps/finish": "active",
  "POST /api/v1/tooltips/steps/:stepId": "active",
  "POST /api/v2/tooltips/steps/:stepId": "active",
  "GET /api/v1/users/me/checklist": "active",
  "POST /api/v1/users/me/checklist/hide": "active",
  "GET /api/v1/me/blocks": "session",
  "GET /api/v1/me/mutes": "session",
  "POST /api/v1/media": "active",
  "DELETE /api/v1/media/:id": "active",
  "GET /api/v1/media/:id": "session",
  "PATCH /api/v1/media/:id/crops": "active",
  "GET /api/v1/media/:id/document": "anyone",
  "GET /api/v1/media/:id/download": "anyone",
  "POST /api/v1/media/uploads": "active",
  "DELETE /api/v1/media/uploads/:id": "session",
  "GET /api/v1/media/uploads/:id": "session",
  "PUT /api/v1/media/uploads/:id": "active",
  "POST /api/v1/media/uploads/:id/complete": "active",
  "GET /api/v1/network/suggested": "active",
  "GET /api/v1/notifications": "session",
  "POST /api/v1/notifications/:id/read": "session",
  "POST /api/v1/notifications/read-all": "session",
  "GET /api/v1/notifications/unread-count": "session",
  "DELETE /api/v1/profiles/:slug/block": "active",
  "POST /api/v1/profiles/:slug/block": "active",
  "DELETE /api/v1/profiles/:slug/follow": "active",
  "POST /api/v1/profiles/:slug/follow": "participant",
  "GET /api/v1/profiles/:slug/followers": "anyone",
  "GET /api/v1/profiles/:slug/following": "anyone",
  "DELETE /api/v1/profiles/:slug/mute": "active",
  "POST /api/v1/profiles/:slug/mute": "active",
  "GET /api/v1/profiles/:slug/relationship": "anyone",
  "GET /api/v1/reactions/mine": "session",
  "POST /api/v1/reports": "active",
  // Sales leads (issue 16): the enterprise plan card and /companies are public, so visitors too
  "POST /api/v1/enterprise-enquiries": "anyone",
  "POST /api/v1/ad-consultations": "anyone",
  // The back-office's records (issue 16): staff; the audit log admins only
  "GET /api/v1/staff/dashboard": "staff",
  "GET /api/v1/staff/leads": "staff",
  "PATCH /api/v1/staff/leads/:id": "staff",
  "GET /api/v1/staff/feedback": "staff",
  "GET /api/v1/staff/audit": "admin",
  "POST /api/v1/realtime/ticket": "anyone",
  "DELETE /api/v1/reposts/:id": "verified",
  "GET /api/v1/search": "anyone",
  "GET /api/v1/user-invites": "anyone",
  "PATCH /api/v1/user-invites": "session",
  "POST /api/v1/user-invites": "active",
  "POST /api/v1/users/email/check": "anyone",
  "DELETE /api/v1/users/me": "session+lost",
  "GET /api/v1/users/me": "session",
  "POST /api/v1/users/me/access-change/:type/finish": "session+lost",
  "POST /api/v1/users/me/access-change/:type/initialize": "session+lost",
  "POST /api/v1/users/me/access-change/undo": "anyone",
  "GET /api/v1/users/me/companies": "session+lost",
  "DELETE /api/v1/users/me/complete-removal": "anyone",
  "GET /api/v1/users/me/general-info": "session",
  "PATCH /api/v1/users/me/general-info": "session+lost",
  "PATCH /api/v1/users/me/password": "session+lost",
  "PATCH /api/v1/users/me/restore": "anyone",
  "POST /api/v1/users/switch-account": "session+lost",
  "POST /api/v2/companies": "verified",
  "GET /api/v2/content/:id/link-preview": "anyone",
  "GET /api/v2/link-previews/image": "anyone",
  "GET /api/v2/content/:id/related": "anyone",
  "GET /api/v2/content/:segment/:slug": "anyone",
  "POST /api/v2/dashboard/owner/slug/exists": "anyone",
  "POST /api/v2/dashboard/owner/slug/generate": "anyone",
  "GET /api/v2/profiles/:slug": "anyone",
  "GET /api/v2/profiles/:slug/content": "anyone",
  // Decision 0028: the web asks it before serving a signed-in viewer the cached anonymous render.
  "GET /api/v1/profiles/:slug/visitor-view": "anyone",
  "GET /api/v2/user-invites": "anyone",
  "PATCH /api/v2/user-invites": "session",
  "POST /api/v2/user-invites": "active",
  "POST /api/v2/users/email/check": "anyone",
  "DELETE /api/v2/users/me": "session+lost",
  "GET /api/v2/users/me": "session",
  "POST /api/v2/users/me/access-change/:type/finish": "session+lost",
  "POST /api/v2/users/me/access-change/:type/initialize": "session+lost",
  "POST /api/v2/users/me/access-change/undo": "anyone",
  "GET /api/v2/users/me/companies": "session+lost",
  "DELETE /api/v2/users/me/complete-removal": "anyone",
  "GET /api/v2/users/me/general-info": "session",
  "PATCH /api/v2/users/me/general-info": "session+lost",
  "PATCH /api/v2/users/me/password": "session+lost",
  "PATCH /api/v2/users/me/restore": "anyone",
  "POST /api/v2/users/switch-account": "session+lost",
  // Billing (issue 13): a verified owner; for a company, a member whose settings scope is not none
  "GET /api/v1/dictionaries/payments/plans": "anyone",
  "GET /api/v1/dashboard/payments/subscriptions/last-active": "verified",
  "POST /api/v1/dashboard/payments/setup-intent": "verified",
  "PUT /api/v1/dashboard/payments/subscriptions/:id": "verified",
  "POST /api/v1/dashboard/payments/subscriptions/:id/preview-proportions": "verified",
  "POST /api/v1/dashboard/payments/subscriptions/:id/cancel-changes": "verified",
  "POST /api/v1/dashboard/payments/subscriptions/:id/reminder/reject": "verified",
  "POST /api/v1/dashboard/payments/require-action": "verified",
  "GET /api/v1/dashboard/payments/payment-methods/default": "verified",
  "POST /api/v1/dashboard/payments/payment-methods/:id/delete": "verified",
  "GET /api/v1/dashboard/payments/invoices": "verified",
  "POST /api/v1/dashboard/payments/subscriptions/:id/addons/add": "verified",
  "POST /api/v1/dashboard/payments/subscriptions/:id/addons/update": "verified",
  "POST /api/v1/dashboard/payments/subscriptions/:id/addons/remove": "verified",
  "POST /api/v1/dashboard/payments/subscriptions/:id/addons/renew": "verified",
  "POST /api/v1/dashboard/payments/subscriptions/:id/badges/add": "verified",
  "POST /api/v1/dashboard/payments/subscriptions/:id/badges/remove": "verified",
  "POST /api/v1/dashboard/payments/subscriptions/:id/badges/renew": "verified",
  "PATCH /api/v1/:ownerType/me/subscription/badge": "verified",
  "POST /api/v1/:ownerType/me/subscription/badge/reminder": "verified",
  // A plan may be wished for before verification (the desired trial)
  "GET /api/v1/dashboard/payments/subscriptions/desired-trial": "active",
  "POST /api/v1/dashboard/payments/subscriptions/desired-trial": "active",
  "GET /api/v1/dashboard/payments/subscriptions/desired-trial/can-show": "active",
  "GET /api/v1/dashboard/payments/promotion-invite-activation": "active",
  "GET /api/v1/dashboard/insights/viewers": "verified",
  "GET /api/v1/users/me/creator-application": "verified",
  "POST /api/v1/users/me/creator-application": "verified",
  "POST /api/v1/users/me/creator-application/appeal": "verified",
  "GET /api/v1/staff/creator-applications": "admin",
  "POST /api/v1/staff/creator-applications/:id/decision": "admin",
  // The vendor and the sandbox vendor: proven by signature / client secret, not by a session
  "POST /api/v1/webhooks/payments/:provider": "anyone",
  "POST /api/v1/payments-sandbox/setup-intents/:id/confirm": "anyone",
  "POST /api/v1/payments-sandbox/payment-intents/:id/authenticate": "anyone",
  "POST /api/v1/payments-sandbox/clock/advance": "anyone",
  // Identity verification (issue 12)
  "GET /api/v1/users/me/verification": "session+lost",
  "POST /api/v1/users/me/verification/transactions": "active+lost",
  "POST /api/v1/users/me/verification/documents": "participant+lost",
  "DELETE /api/v1/users/me/verification/documents/:documentId": "participant+lost",
  "POST /api/v1/users/me/verification/documents/submit": "participant+lost",
  "POST /api/v1/users/me/verification/appeal": "active+lost",
  "POST /api/v1/webhooks/identity/:provider": "anyone",
  "GET /api/v1/identity-sandbox/sessions/:token": "anyone",
  "POST /api/v1/identity-sandbox/sessions/:token/images": "anyone",
  "POST /api/v1/identity-sandbox/sessions/:token/submit": "anyone",
  "GET /api/v1/staff/verification/queue": "staff",
  "GET /api/v1/staff/verification/documents/:documentId": "staff",
  "POST /api/v1/staff/verification/transactions/:id/decision": "admin",
  "POST /api/v1/staff/verification/appeals/:id/decision": "staff",
  // Company teams (issue 14): acting as the company; an unverified company may build its team.
  // The invitee's own rows answer while the acting company is lost (they act as themselves).
  "POST /api/v1/companies/me/invites": "active",
  "GET /api/v1/companies/me/invites": "active",
  "POST /api/v1/companies/me/invites/:id/cancel": "active",
  "GET /api/v1/users/me/companies/invites/:id": "active+lost",
  "PATCH /api/v1/users/me/companies/invites/:id/accept": "active+lost",
  "PATCH /api/v1/users/me/companies/invites/:id/reject": "active+lost",
  "GET /api/v1/companies/:slug/people": "active",
  "PATCH /api/v1/companies/me/members/:userId": "active",
  "DELETE /api/v1/companies/me/members/:userId": "active",
  "POST /api/v1/companies/me/leave": "active",
  "POST /api/v1/companies/me/transfer-ownership": "active",
  "GET /api/v1/companies/me/members/me": "active",
  "PATCH /api/v1/companies/me/members/me": "active",
  "GET /api/v1/companies/me/team-settings": "active",
  "PATCH /api/v1/companies/me/team-settings": "active",
  // Business verification (issue 14): the owners of an unverified company (participant: being
  // unverified is the point); directors answer as themselves; the registry signs its webhook.
  "POST /api/v1/companies/me/kyb-transactions": "participant",
  "PATCH /api/v1/companies/me/kyb-transactions/company-details": "participant",
  "POST /api/v1/companies/me/kyb-transactions/supported-documents": "participant",
  "GET /api/v1/companies/me/kyb-transactions/supported-documents/:id": "participant",
  "DELETE /api/v1/companies/me/kyb-transactions/supported-documents/:id": "participant",
  "POST /api/v1/companies/me/kyb-transactions/director-invites": "participant",
  "PATCH /api/v1/companies/me/kyb-transactions/director-invites/cancel": "participant",
  "PATCH /api/v1/companies/me/kyb-transactions/submit": "participant",
  "GET /api/v1/companies/me/kyb-transactions/latest": "active",
  "GET /api/v1/users/me/companies/invites/by-company/:slug": "active+lost",
  "PATCH /api/v1/users/me/companies/invites/by-company/:slug/accept": "active+lost",
  "PATCH /api/v1/users/me/companies/invites/by-company/:slug/reject": "active+lost",
  "POST /api/v1/webhooks/kyb/:provider": "anyone",
  "GET /api/v1/staff/kyb/queue": "admin",
  "GET /api/v1/staff/kyb/documents/:id": "admin",
  "POST /api/v1/staff/kyb/transactions/:id/decision": "admin",
  // Messenger (issue 15): writing needs verified + chats + messenger.use; reading and answering, active + chats.
  "POST /api/v1/chats": "verified",
  "POST /api/v1/chats/groups": "verified",
  "PATCH /api/v1/chats/:id": "verified",
  "POST /api/v1/chats/:id/messages": "verified",
  "PATCH /api/v1/chats/:id/messages/:messageId": "verified",
  "POST /api/v1/chats/:id/members": "verified",
  "GET /api/v1/chats": "active",
  "GET /api/v1/chats/unread": "active",
  "GET /api/v1/chats/missed": "active",
  "GET /api/v1/chats/:id": "active",
  "GET /api/v1/chats/:id/messages": "active",
  "DELETE /api/v1/chats/:id/messages/:messageId": "active",
  "POST /api/v1/chats/:id/messages/:messageId/report": "active",
  "POST /api/v1/chats/:id/read": "active",
  "POST /api/v1/chats/:id/typing": "active",
  "POST /api/v1/chats/:id/request": "active",
  "DELETE /api/v1/chats/:id/members/:profileId": "active",
  "POST /api/v1/chats/:id/leave": "active",
  "PUT /api/v1/chats/:id/assignee": "active",
  "GET /api/v1/chats/:id/notes": "active",
  "POST /api/v1/chats/:id/notes": "active",
  "PATCH /api/v1/chats/settings": "active",
  "GET /api/v1/chats/settings": "active",
  "GET /api/v1/chats/access/:slug": "active",
  // The second factor (issue 16): enrolment is one's own account; the sign-in step is for visitors.
  "POST /api/auth/two-factor/enable": "session+lost",
  "POST /api/auth/two-factor/confirm": "session+lost",
  "POST /api/auth/two-factor/disable": "session+lost",
  // The review queue (issue 16): staff read and act; approving a verified account's suspension is
  // for admins. The person's strikes are their own account's; the appeal link is its own credential.
  "GET /api/v1/staff/moderation/subjects": "staff",
  "GET /api/v1/staff/moderation/subjects/:id": "staff",
  "POST /api/v1/staff/moderation/subjects/:id/actions": "staff",
  "POST /api/v1/staff/moderation/subjects/bulk": "staff",
  "GET /api/v1/staff/moderation/approvals": "staff",
  "POST /api/v1/staff/moderation/actions/:id/approval": "admin",
  "GET /api/v1/staff/moderation/appeals": "staff",
  "POST /api/v1/staff/moderation/actions/:id/appeal/decision": "staff",
  "GET /api/v1/users/me/strikes": "session+lost",
  "POST /api/v1/users/me/strikes/:id/appeal": "session+lost",
  "GET /api/v1/moderation/appeal-links/:token": "anyone",
  "POST /api/v1/moderation/appeal-links/:token": "anyone",
};

/** Billing needs the settings scope: managers and employees hold none on it. */
const settingsScope: Partial<Record<ActorKind, ErrorCode>> = {
  manager: "accountManager_permissionNotProvided",
  employee: "accountManager_permissionNotProvided",
};

/** Refusals beyond the level, per route and actor (company scopes, plan features, staff). */
const refusals: Record<string, Partial<Record<ActorKind, ErrorCode>>> = {
  // Who viewed you needs the spy add-on (no matrix actor holds it) and the analytics scope.
  "GET /api/v1/dashboard/insights/viewers": {
    verified: "account_accessForbiddenByPlan",
    another: "account_accessForbiddenByPlan",
    companyOwner: "account_accessForbiddenByPlan",
    manager: "account_accessForbiddenByPlan",
    employee: "accountManager_permissionNotProvided",
    staff: "account_accessForbiddenByPlan",
    moderator: "account_accessForbiddenByPlan",
  },
  "GET /api/v1/dashboard/payments/subscriptions/last-active": settingsScope,
  "POST /api/v1/dashboard/payments/setup-intent": settingsScope,
  "PUT /api/v1/dashboard/payments/subscriptions/:id": settingsScope,
  "POST /api/v1/dashboard/payments/subscriptions/:id/preview-proportions": settingsScope,
  "POST /api/v1/dashboard/payments/subscriptions/:id/cancel-changes": settingsScope,
  "POST /api/v1/dashboard/payments/subscriptions/:id/reminder/reject": settingsScope,
  "POST /api/v1/dashboard/payments/require-action": settingsScope,
  "GET /api/v1/dashboard/payments/payment-methods/default": settingsScope,
  "POST /api/v1/dashboard/payments/payment-methods/:id/delete": settingsScope,
  "GET /api/v1/dashboard/payments/invoices": settingsScope,
  "POST /api/v1/dashboard/payments/subscriptions/:id/addons/add": settingsScope,
  "POST /api/v1/dashboard/payments/subscriptions/:id/addons/update": settingsScope,
  "POST /api/v1/dashboard/payments/subscriptions/:id/addons/remove": settingsScope,
  "POST /api/v1/dashboard/payments/subscriptions/:id/addons/renew": settingsScope,
  "POST /api/v1/dashboard/payments/subscriptions/:id/badges/add": settingsScope,
  "POST /api/v1/dashboard/payments/subscriptions/:id/badges/remove": settingsScope,
  "POST /api/v1/dashboard/payments/subscriptions/:id/badges/renew": settingsScope,
  "PATCH /api/v1/:ownerType/me/subscription/badge": settingsScope,
  "POST /api/v1/:ownerType/me/subscription/badge/reminder": settingsScope,
  "GET /api/v1/dashboard/payments/subscriptions/desired-trial": settingsScope,
  "POST /api/v1/dashboard/payments/subscriptions/desired-trial": settingsScope,
  "GET /api/v1/dashboard/payments/subscriptions/desired-trial/can-show": settingsScope,
  "GET /api/v1/dashboard/payments/promotion-invite-activation": settingsScope,
  // Editing a company page needs the settings scope: owners only (issue 14).
  // The page is page content (topics): managers edit it, employees do not.
  "GET /api/v1/companies/:id/page-settings": { employee: "accountManager_permissionNotProvided" },
  "PATCH /api/v1/companies/:id": { employee: "accountManager_permissionNotProvided" },
  // Teams (issue 14): the employees scope (owner all, manager manage, employee none) runs
  // invitations, the people tab and removals; roles and ownership need settings (owners only).
  "POST /api/v1/companies/me/invites": { employee: "accountManager_permissionNotProvided" },
  "GET /api/v1/companies/me/invites": { employee: "accountManager_permissionNotProvided" },
  "POST /api/v1/companies/me/invites/:id/cancel": { employee: "accountManager_permissionNotProvided" },
  "GET /api/v1/companies/:slug/people": { employee: "accountManager_permissionNotProvided" },
  "DELETE /api/v1/companies/me/members/:userId": { employee: "accountManager_permissionNotProvided" },
  // Position and team: employees scope; a role in the body asks settings on top (company-teams.test.ts).
  "PATCH /api/v1/companies/me/members/:userId": { employee: "accountManager_permissionNotProvided" },
  "POST /api/v1/companies/me/transfer-ownership": settingsScope,
  // One's own card needs no scope; the team's settings are the owner's (settings).
  "GET /api/v1/companies/me/team-settings": settingsScope,
  "PATCH /api/v1/companies/me/team-settings": settingsScope,
  // Business verification needs the settings scope: owners only.
  "POST /api/v1/companies/me/kyb-transactions": settingsScope,
  "PATCH /api/v1/companies/me/kyb-transactions/company-details": settingsScope,
  "POST /api/v1/companies/me/kyb-transactions/supported-documents": settingsScope,
  "GET /api/v1/companies/me/kyb-transactions/supported-documents/:id": settingsScope,
  "DELETE /api/v1/companies/me/kyb-transactions/supported-documents/:id": settingsScope,
  "POST /api/v1/companies/me/kyb-transactions/director-invites": settingsScope,
  "PATCH /api/v1/companies/me/kyb-transactions/director-invites/cancel": settingsScope,
  "PATCH /api/v1/companies/me/kyb-transactions/submit": settingsScope,
  "GET /api/v1/companies/me/kyb-transactions/latest": settingsScope,
  // The company_employee role has `none` on follows (product-decisions.md roles → scopes).
  "POST /api/v1/profiles/:slug/follow": { employee: "accountManager_permissionNotProvided" },
  "DELETE /api/v1/profiles/:slug/follow": { employee: "accountManager_permissionNotProvided" },
  "POST /api/v1/profiles/:slug/block": { employee: "accountManager_permissionNotProvided" },
  "DELETE /api/v1/profiles/:slug/block": { employee: "accountManager_permissionNotProvided" },
  "POST /api/v1/profiles/:slug/mute": { employee: "accountManager_permissionNotProvided" },
  "DELETE /api/v1/profiles/:slug/mute": { employee: "accountManager_permissionNotProvided" },
  // Messenger (issue 15): employees hold no `chats`; writing needs the plan's messenger.use.
  "POST /api/v1/chats": {
    employee: "accountManager_permissionNotProvided",
    another: "account_accessForbiddenByPlan",
    staff: "account_accessForbiddenByPlan",
    moderator: "account_accessForbiddenByPlan",
  },
  "POST /api/v1/chats/groups": {
    employee: "accountManager_permissionNotProvided",
    another: "account_accessForbiddenByPlan",
    staff: "account_accessForbiddenByPlan",
    moderator: "account_accessForbiddenByPlan",
  },
  "PATCH /api/v1/chats/:id": {
    employee: "accountManager_permissionNotProvided",
    another: "account_accessForbiddenByPlan",
    staff: "account_accessForbiddenByPlan",
    moderator: "account_accessForbiddenByPlan",
  },
  "POST /api/v1/chats/:id/messages": {
    employee: "accountManager_permissionNotProvided",
    another: "account_accessForbiddenByPlan",
    staff: "account_accessForbiddenByPlan",
    moderator: "account_accessForbiddenByPlan",
  },
  "PATCH /api/v1/chats/:id/messages/:messageId": {
    employee: "accountManager_permissionNotProvided",
    another: "account_accessForbiddenByPlan",
    staff: "account_accessForbiddenByPlan",
    moderator: "account_accessForbiddenByPlan",
  },
  "POST /api/v1/chats/:id/members": {
    employee: "accountManager_permissionNotProvided",
    another: "account_accessForbiddenByPlan",
    staff: "account_accessForbiddenByPlan",
    moderator: "account_accessForbiddenByPlan",
  },
  "GET /api/v1/chats": { employee: "accountManager_permissionNotProvided" },
  "GET /api/v1/chats/unread": { employee: "accountManager_permissionNotProvided" },
  "GET /api/v1/chats/missed": { employee: "accountManager_permissionNotProvided" },
  "GET /api/v1/chats/:id": { employee: "accountManager_permissionNotProvided" },
  "GET /api/v1/chats/:id/messages": { employee: "accountManager_permissionNotProvided" },
  "DELETE /api/v1/chats/:id/messages/:messageId": { employee: "accountManager_permissionNotProvided" },
  "POST /api/v1/chats/:id/messages/:messageId/report": { employee: "accountManager_permissionNotProvided" },
  "POST /api/v1/chats/:id/read": { employee: "accountManager_permissionNotProvided" },
  "POST /api/v1/chats/:id/typing": { employee: "accountManager_permissionNotProvided" },
  "POST /api/v1/chats/:id/request": { employee: "accountManager_permissionNotProvided" },
  "DELETE /api/v1/chats/:id/members/:profileId": { employee: "accountManager_permissionNotProvided" },
  "POST /api/v1/chats/:id/leave": { employee: "accountManager_permissionNotProvided" },
  "PUT /api/v1/chats/:id/assignee": { employee: "accountManager_permissionNotProvided" },
  "GET /api/v1/chats/:id/notes": { employee: "accountManager_permissionNotProvided" },
  "POST /api/v1/chats/:id/notes": { employee: "accountManager_permissionNotProvided" },
  "PATCH /api/v1/chats/settings": { employee: "accountManager_permissionNotProvided" },
};

/** Actors who are staff, and which role. */
const staffRoleOf: Partial<Record<ActorKind, "admin" | "moderator">> = {
  staff: "admin",
  moderator: "moderator",
};

function expectedOutcome(level: Level, actor: ActorKind): ErrorCode | "allowed" {
  const [who, lost] = level.split("+") as [string, string | undefined];
  if (who === "anyone") return "allowed";
  if (actor === "anonymous") return "request_unauthenticated";
  if (actor === "deadSession") return "request_invalidSessionToken";
  if (who === "staff" || who === "admin") {
    const role = staffRoleOf[actor];
    // The back-office is invisible to non-staff (404); a moderator is told an admin route is forbidden.
    if (!role) return "request_notFound";
    if (who === "admin" && role !== "admin") return "request_forbidden";
    return "allowed";
  }
  if (who === "session") return actor === "lostCompany" && !lost ? "accountManager_ownerNotFound" : "allowed";
  if (actor === "unfinished") return "user_profileNotCompleted";
  if (actor === "lostCompany" && !lost) return "accountManager_ownerNotFound";
  if (who === "active") return "allowed";
  if (actor === "readOnly") return "user_notVerified";
  if (who === "participant") return "allowed";
  if (actor === "unverified") return "user_notVerified";
  return "allowed";
}

let testDb: TestDatabase;
let app: App;
const headers = {} as Record<ActorKind, Record<string, string>>;
const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(
    testConfig({ RATE_LIMIT_PER_MINUTE: "1000000", AUTH_RATE_LIMIT_PER_MINUTE: "1000000" }),
    {
      database: testDb.database,
      policyProbe: true,
    },
  );
  const person = (name: string, extra: Partial<PersonInput>) =>
    createPerson(db(), {
      name,
      email: `${name.toLowerCase().replaceAll(" ", ".")}@matrix.example`,
      ...extra,
    });
  const unfinished = await person("Una Unfinished", { status: "profile-not-completed" });
  const unverified = await person("Ulf Unverified", {});
  const readOnly = await person("Rita Rejected", { verificationStatus: "rejection" });
  const moderator = await person("Mo Moderator", { verificationStatus: "verified", staffRole: "moderator" });
  const withoutTwoFactor = await person("Nell Nofactor", {
    verificationStatus: "verified",
    staffRole: "admin",
    twoFactor: false,
  });
  const verified = await person("Vera Verified", { verificationStatus: "verified", planTier: "premium" });
  const another = await person("Otto Other", { verificationStatus: "verified" });
  const staff = await person("Stan Staff", { verificationStatus: "verified", staffRole: "admin" });
  const manager = await person("Mia Manager", { verificationStatus: "verified" });
  const employee = await person("Eli Employee", { verificationStatus: "verified" });
  const company = await createCompany(db(), {
    name: "Matrix Works",
    ownerUserId: verified.userId,
    verificationStatus: "verified",
    planTier: "standard",
  });
  await db()
    .insert(companyMembers)
    .values([
      { companyId: company.profileId, userId: manager.userId, role: "manager" },
      { companyId: company.profileId, userId: employee.userId, role: "company_employee" },
    ]);
  const gone = await createCompany(db(), { name: "Gone Works", ownerUserId: another.userId });
  await db().update(profiles).set({ status: "deleted_by_user" }).where(eq(profiles.id, gone.profileId));

  headers.anonymous = {};
  headers.deadSession = { authorization: "Bearer matrix-dead-session" };
  headers.unfinished = await bearerFor(db(), unfinished.userId);
  headers.unverified = await bearerFor(db(), unverified.userId);
  headers.readOnly = await bearerFor(db(), readOnly.userId);
  headers.moderator = await bearerFor(db(), moderator.userId);
  headers.verified = await bearerFor(db(), verified.userId);
  headers.another = await bearerFor(db(), another.userId);
  headers.staff = await bearerFor(db(), staff.userId);
  headers.staffWithoutTwoFactor = await bearerFor(db(), withoutTwoFactor.userId);
  headers.companyOwner = await bearerFor(db(), verified.userId, company.profileId);
  headers.manager = await bearerFor(db(), manager.userId, company.profileId);
  headers.employee = await bearerFor(db(), employee.userId, company.profileId);
  headers.lostCompany = await bearerFor(db(), another.userId, gone.profileId);
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

/** Every path a row is served at, with its method: "POST /api/v1/content/:id/comments". */
const routes = endpointList.flatMap(({ id, endpoint }) =>
  [endpoint.path, ...(endpoint.alsoAt ?? [])].map((path) => ({ id, method: endpoint.method, path })),
);

function sample(path: string): string {
  const names = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
  return fillPath(path, Object.fromEntries(names.map((name) => [name, `matrix-${name}`]))).replace(
    /\*$/,
    "matrix-rest",
  );
}

describe("the authorization matrix", () => {
  it("has an expectation for every endpoint, and no expectation without one", () => {
    const served = new Set(routes.map((route) => `${route.method} ${route.path}`));
    const missing = [...served].filter((key) => !(key in expected) && !key.includes(" /api/auth/"));
    expect(missing, "routes without a row in the matrix").toEqual([]);
    const stale = Object.keys({ ...expected, ...refusals }).filter((key) => !served.has(key));
    expect(stale, "matrix rows for routes that do not exist").toEqual([]);
  });

  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    it(`${key} (${route.id})`, async () => {
      // better-auth's own routes are for visitors by nature: signing in, up, out and back.
      const level: Level = expected[key] ?? (key.includes(" /api/auth/") ? "anyone" : "active");
      const outcomes: Record<string, string> = {};
      const wanted: Record<string, string> = {};
      for (const actor of actorKinds) {
        const res = await app.inject({
          method: route.method,
          url: sample(route.path),
          headers: { ...headers[actor], "x-policy-probe": "1" },
        });
        // Without a second factor, staff are a verified person like any other (`another`).
        const like = actor === "staffWithoutTwoFactor" ? "another" : actor;
        const want = refusals[key]?.[like] ?? expectedOutcome(level, actor);
        wanted[actor] = want === "allowed" ? "allowed" : `${errorStatus(want)} ${want}`;
        outcomes[actor] =
          res.statusCode === 204 ? "allowed" : `${res.statusCode} ${res.json().error?.code ?? res.body}`;
      }
      expect(outcomes).toEqual(wanted);
    });
  }
});
