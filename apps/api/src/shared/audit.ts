import { randomUUID } from "node:crypto";
import type { SessionActor } from "@vn/contract";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema/index";
import { currentRequestContext } from "./request-context";

/**
 * The audit log (issue 10): who, acting as whom, did what to which resource, before and after,
 * under which request. Written with the transaction of the change (pass the `tx`), so a change
 * that rolls back leaves no record and a recorded change cannot be lost. Staff read it in the
 * back-office.
 */
export type AuditAction =
  | "account.deleted"
  | "account.restored"
  | "account.removed"
  | "account.passwordChanged"
  | "account.accessChanged"
  | "company.created"
  | "company.updated"
  | "company.roleGranted"
  // Teams (issue 14)
  | "company.inviteCreated"
  | "company.inviteCancelled"
  | "company.inviteAccepted"
  | "company.inviteRejected"
  | "company.roleChanged"
  | "company.memberRemoved"
  | "company.memberLeft"
  | "company.ownershipTransferred"
  | "company.memberUpdated"
  | "company.teamSettingsUpdated"
  | "content.deleted"
  | "comment.deleted"
  | "comment.moderated"
  | "media.deleted"
  | "plan.changed"
  | "billing.cardRemoved"
  | "creator.decided"
  | "verification.decided"
  | "verification.appealed"
  | "verification.appealDecided"
  | "verification.documentsPurged"
  | "moderation.decided"
  // The review queue (issue 16): bulk decisions, a suspension's second approval, appeals
  | "moderation.bulkDecided"
  | "moderation.approvalDecided"
  | "moderation.appealed"
  | "moderation.appealDecided"
  | "kyb.created"
  | "kyb.detailsUpdated"
  | "kyb.documentAdded"
  | "kyb.documentRemoved"
  | "kyb.directorInvited"
  | "kyb.directorCancelled"
  | "kyb.directorAnswered"
  | "kyb.submitted"
  | "kyb.decided"
  // Sales leads (issue 16)
  | "lead.updated";

export interface AuditEntry {
  action: AuditAction;
  resourceType:
    | "user"
    | "profile"
    | "company"
    | "content"
    | "comment"
    | "media"
    | "subscription"
    | "idvTransaction"
    | "idvAppeal"
    | "kybTransaction"
    | "creatorApplication"
    | "moderationSubject"
    | "moderationAction"
    | "lead";
  resourceId: string;
  before?: unknown;
  after?: unknown;
  /** Who did it, when not the request's actor (jobs, webhooks, a sign-in by restore token). */
  actor?: Pick<SessionActor, "userId" | "profileId" | "staffRole"> | null;
}

export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  const context = currentRequestContext();
  const actor = entry.actor === undefined ? (context?.actor ?? null) : entry.actor;
  await db.insert(auditLog).values({
    id: randomUUID(),
    actorUserId: actor?.userId ?? null,
    actorProfileId: actor?.profileId ?? null,
    staffRole: actor?.staffRole ?? null,
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: context?.requestId ?? null,
  });
}
