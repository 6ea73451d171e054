import type { PaymentOutcome } from "./billing";
import type {
  ChatMessageCreatedEvent,
  ChatReadEvent,
  ChatTypingEvent,
  ChatUpdatedEvent,
} from "./chat-events";
import type { BillingPeriod, PlanTier, VerificationStatus } from "./enums";
import type { ErrorCode } from "./errors";
import type { KybTransactionStatus } from "./kyb";
import type { IdvTransactionStatus, VerificationScreen } from "./verification";

/**
 * The socket.io event map (spec §7). Every payload travels as an array (§5): a handler receives
 * `(...args)` where args[0] is the payload object, and a frame whose data is not an array of
 * objects closes that connection.
 */
export const serverEventNames = [
  "idv.transaction.completed",
  "kybTransactions.updated",
  "company.verified",
  "chats.messages.created",
  "chats.updated",
  "chats.read",
  /** Messenger (issue 15): someone is typing; relayed, never stored. */
  "chats.typing",
  "notification",
  "contentItem.status",
  "payments.subscription.reminder",
  "payments.payment_method.created",
  "payments.subscription",
  "payments.subscription.badge",
  "payments.payment_method.action_required",
  "payments.subscription.cancel_future_changes",
  "comments.created",
  "comments.deleted",
  "comments.replied",
  "comments.updated",
  "comments.pinned",
  "comments.unpinned",
  "file.conversion.finished",
] as const;
export type ServerEventName = (typeof serverEventNames)[number];

export interface ContentRoomRef {
  ownerSlug: string;
  contentSlug: string;
  contentType: string;
}

export type AckResult<T = undefined> =
  | { ok: true; data?: T }
  | { ok: false; error: { code: ErrorCode; message: string } };

export interface ClientToServerEvents {
  "join-content-room": (room: ContentRoomRef, ack: (result: AckResult<{ room: string }>) => void) => void;
  "leave-content-room": (room: ContentRoomRef, ack: (result: AckResult<{ room: string }>) => void) => void;
}

/** Payloads the product emits today; the rest are typed as records until their issue lands. */
export interface ContentItemStatusEvent {
  contentId: string;
  slug: string;
  /**
   * The publication's status (active when a planned item goes live), or, when `mediaId` is set,
   * the state of its media: media-processing → ready | failed | unprocessed (schemas/media.ts).
   */
  status: string;
  mediaId?: string;
}
/**
 * A file's background work finished (document → PDF, video/audio → streamable MP4, §7). Sent to
 * the owner whether or not the file is attached to a publication yet. `unprocessed`: the tool
 * is missing on the server; the upload is kept.
 */
export interface FileConversionFinishedEvent {
  fileId: string;
  status: "ready" | "failed" | "unprocessed";
  kind?: "image" | "video" | "audio" | "document";
  error?: { code: ErrorCode; message: string };
}

/**
 * The vendor decided (or asked for more) on a person's identity verification (issue 12). Sent to
 * the person's own profile room; the web's processing screen moves on to `screen`.
 */
export interface IdvTransactionCompletedEvent {
  transactionId: string;
  status: IdvTransactionStatus;
  /** The person's verification status after it. */
  verificationStatus: VerificationStatus;
  screen: VerificationScreen;
}

/**
 * Business verification (issue 14), sent to the company's profile room (everyone acting as it):
 * the transaction changed (a director answered, it was submitted, the registry decided).
 */
export interface KybTransactionsUpdatedEvent {
  transactionId: string;
  companyId: string;
  status: KybTransactionStatus;
  /** The company's verification status after it. */
  verificationStatus: VerificationStatus;
}
/** KYB approved the company: its page is public and it may publish. */
export interface CompanyVerifiedEvent {
  companyId: string;
  slug: string;
  verifiedAt: string;
}

/**
 * Billing (issue 13), sent to the owner's profile room. `payments.subscription`: the subscription
 * changed; `outcome` is the §4 payment outcome when there is one to tell (null for quiet syncs).
 */
export interface PaymentsSubscriptionEvent {
  subscriptionId: string;
  outcome: PaymentOutcome | null;
  plan: PlanTier;
  period: BillingPeriod;
  status: "active" | "trialing" | "past_due" | "incomplete" | "canceled";
}
/** The trial ends in TRIAL_REMINDER_DAYS_BEFORE days (also mailed). */
export interface PaymentsReminderEvent {
  subscriptionId: string;
  trialEndsAt: string;
  plan: PlanTier;
}
/** A payment (a renewal, an upgrade) waits for the cardholder to authenticate it. */
export interface PaymentsActionRequiredEvent {
  subscriptionId: string;
  paymentIntentId: string;
  clientSecret: string;
  amountCents: number;
}
export interface PaymentMethodCreatedEvent {
  paymentMethod: { id: string; brand: string; last4: string; expMonth: number; expYear: number };
}
/** The change scheduled for the period's end was cancelled: the plan renews as it is. */
export interface PaymentsCancelFutureChangesEvent {
  subscriptionId: string;
}
/** The badge was bought, removed or shown/hidden. */
export interface PaymentsBadgeEvent {
  subscriptionId: string;
  active: boolean;
  visible: boolean;
}

export type ServerToClientEvents = {
  [K in ServerEventName]: (payload: Record<string, unknown>) => void;
} & {
  "contentItem.status": (payload: ContentItemStatusEvent) => void;
  "file.conversion.finished": (payload: FileConversionFinishedEvent) => void;
  "idv.transaction.completed": (payload: IdvTransactionCompletedEvent) => void;
  "kybTransactions.updated": (payload: KybTransactionsUpdatedEvent) => void;
  "company.verified": (payload: CompanyVerifiedEvent) => void;
  "payments.subscription": (payload: PaymentsSubscriptionEvent) => void;
  "payments.subscription.reminder": (payload: PaymentsReminderEvent) => void;
  "payments.payment_method.action_required": (payload: PaymentsActionRequiredEvent) => void;
  "payments.payment_method.created": (payload: PaymentMethodCreatedEvent) => void;
  "payments.subscription.cancel_future_changes": (payload: PaymentsCancelFutureChangesEvent) => void;
  "payments.subscription.badge": (payload: PaymentsBadgeEvent) => void;
  "chats.messages.created": (payload: ChatMessageCreatedEvent) => void;
  "chats.updated": (payload: ChatUpdatedEvent) => void;
  "chats.read": (payload: ChatReadEvent) => void;
  "chats.typing": (payload: ChatTypingEvent) => void;
};

/** Name of the socket.io room for one content item. */
export function contentRoomName(ref: ContentRoomRef): string {
  return `content:${ref.contentType}:${ref.ownerSlug}:${ref.contentSlug}`;
}
/** Name of the room every socket of one profile joins, for owner-only events. */
export function profileRoomName(profileId: string): string {
  return `profile:${profileId}`;
}
