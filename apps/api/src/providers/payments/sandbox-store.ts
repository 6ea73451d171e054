import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  paymentsSandboxClock,
  paymentsSandboxEvents,
  paymentsSandboxIdempotency,
  paymentsSandboxObjects,
} from "../../db/schema/index";
import type { Interval } from "./sandbox-billing";
import type {
  ItemSpec,
  ProviderEvent,
  ProviderInvoice,
  ProviderInvoiceLine,
  ProviderPaymentIntent,
  ProviderSetupIntent,
  ProviderSubscriptionStatus,
} from "./types";

/**
 * The sandbox vendor's own records (what Stripe holds on its side), one JSON document per object in
 * payments_sandbox_objects, with times as epoch milliseconds of the sandbox clock.
 */

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

export interface SbCustomer {
  id: string;
  ownerProfileId: string;
  email: string | null;
  name: string;
  defaultPaymentMethodId: string | null;
  createdAt: number;
}

/** How a test card behaves when charged (contract SANDBOX_CARDS). */
export type CardBehaviour = "succeeds" | "requiresAuthentication" | "declined";

export interface SbCard {
  id: string;
  customerId: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
  createdAt: number;
}

export interface SbSetupIntent {
  id: string;
  customerId: string;
  status: ProviderSetupIntent["status"];
  clientSecret: string;
  paymentMethodId: string | null;
  declineCode: string | null;
  createdAt: number;
}

export interface SbPaymentIntent {
  id: string;
  customerId: string;
  status: ProviderPaymentIntent["status"];
  clientSecret: string;
  amountCents: number;
  declineCode: string | null;
  invoiceId: string;
  subscriptionId: string | null;
  createdAt: number;
}

/** What paying an invoice does to its subscription. */
export type InvoicePurpose =
  | { kind: "create" }
  | {
      kind: "update";
      items: ItemSpec[];
      interval: Interval;
      newPeriod: { start: number; end: number } | null;
    }
  | { kind: "cycle"; items: ItemSpec[]; interval: Interval };

export interface SbInvoice {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  status: ProviderInvoice["status"];
  billingReason: ProviderInvoice["billingReason"];
  amountDueCents: number;
  amountPaidCents: number;
  attemptCount: number;
  nextAttemptAt: number | null;
  /** When the first attempt failed: retries count their days from it. */
  firstFailedAt: number | null;
  periodStart: number | null;
  periodEnd: number | null;
  lines: ProviderInvoiceLine[];
  paymentIntentId: string | null;
  purpose: InvoicePurpose;
  createdAt: number;
}

export interface SbSubscription {
  id: string;
  customerId: string;
  status: ProviderSubscriptionStatus;
  items: ItemSpec[];
  interval: Interval;
  /** The billing cycle anchor: periods end on its day of the month. */
  anchor: number;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  trialEnd: number | null;
  trialReminderSent: boolean;
  cancelAtPeriodEnd: boolean;
  scheduled: { items: ItemSpec[]; at: number } | null;
  pendingUpdate: { items: ItemSpec[]; invoiceId: string; expiresAt: number } | null;
  /** The open renewal invoice while past_due, and when it is tried again. */
  retry: { invoiceId: string; at: number } | null;
  /** An incomplete subscription expires then (23 hours after it was made). */
  incompleteExpiresAt: number | null;
  latestInvoiceId: string | null;
  metadata: Record<string, string>;
  endedAt: number | null;
  createdAt: number;
}

interface ObjectTypes {
  customer: SbCustomer;
  card: SbCard;
  setup_intent: SbSetupIntent;
  payment_intent: SbPaymentIntent;
  invoice: SbInvoice;
  subscription: SbSubscription;
}
export type ObjectType = keyof ObjectTypes;

const prefixes: Record<ObjectType, string> = {
  customer: "cus",
  card: "pm",
  setup_intent: "seti",
  payment_intent: "pi",
  invoice: "in",
  subscription: "sub",
};

export function newId(type: ObjectType | "event"): string {
  const prefix = type === "event" ? "evt" : prefixes[type];
  return `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

/** A client secret as Stripe makes them: the object's id, then a random part. */
export function newClientSecret(id: string): string {
  return `${id}_secret_${randomBytes(18).toString("base64url").replace(/[-_]/g, "x")}`;
}

export async function getObject<T extends ObjectType>(
  db: Executor,
  type: T,
  id: string,
  forUpdate = false,
): Promise<ObjectTypes[T] | undefined> {
  const query = db
    .select({ data: paymentsSandboxObjects.data })
    .from(paymentsSandboxObjects)
    .where(and(eq(paymentsSandboxObjects.id, id), eq(paymentsSandboxObjects.type, type)));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row?.data as ObjectTypes[T] | undefined;
}

export async function putObject<T extends ObjectType>(
  db: Executor,
  type: T,
  object: ObjectTypes[T] & { id: string },
): Promise<void> {
  const customerId =
    type === "customer" ? object.id : ((object as { customerId?: string | null }).customerId ?? null);
  const data = object as unknown as Record<string, unknown>;
  await db
    .insert(paymentsSandboxObjects)
    .values({ id: object.id, type, customerId, data })
    .onConflictDoUpdate({
      target: paymentsSandboxObjects.id,
      set: { data, customerId, updatedAt: new Date() },
    });
}

export async function listObjects<T extends ObjectType>(
  db: Executor,
  type: T,
  customerId: string,
): Promise<Array<ObjectTypes[T]>> {
  const rows = await db
    .select({ data: paymentsSandboxObjects.data })
    .from(paymentsSandboxObjects)
    .where(and(eq(paymentsSandboxObjects.type, type), eq(paymentsSandboxObjects.customerId, customerId)));
  return rows.map((row) => row.data as unknown as ObjectTypes[T]);
}

/** Subscriptions something can still happen to (renewals, retries, expiries). */
export async function liveSubscriptions(db: Executor): Promise<SbSubscription[]> {
  const rows = await db
    .select({ data: paymentsSandboxObjects.data })
    .from(paymentsSandboxObjects)
    .where(
      and(
        eq(paymentsSandboxObjects.type, "subscription"),
        inArray(sql<string>`${paymentsSandboxObjects.data}->>'status'`, [
          "trialing",
          "active",
          "past_due",
          "incomplete",
        ]),
      ),
    );
  return rows.map((row) => row.data as unknown as SbSubscription);
}

// The test clock ----------------------------------------------------------------------------------

export async function clockOffset(db: Executor): Promise<number> {
  const [row] = await db.select().from(paymentsSandboxClock).where(eq(paymentsSandboxClock.id, 1));
  return row?.offsetMs ?? 0;
}

export async function moveClock(db: Executor, ms: number): Promise<void> {
  await db
    .insert(paymentsSandboxClock)
    .values({ id: 1, offsetMs: ms })
    .onConflictDoUpdate({
      target: paymentsSandboxClock.id,
      set: { offsetMs: sql`${paymentsSandboxClock.offsetMs} + ${ms}` },
    });
}

// Events ------------------------------------------------------------------------------------------

let lastStamp = 0;
/**
 * Event ids sort in the order they were made (a per-process monotonic stamp first), so delivery in
 * id order is delivery in creation order, whatever the sandbox clock said.
 */
export function newEventId(): string {
  lastStamp = Math.max(Date.now() * 1000, lastStamp + 1);
  return `evt_${lastStamp.toString(36).padStart(12, "0")}${randomBytes(6).toString("hex")}`;
}

/** An event as JSON (dates as ISO strings), the way it is stored and sent. */
export function eventJson(event: ProviderEvent): Record<string, unknown> {
  return JSON.parse(JSON.stringify(event)) as Record<string, unknown>;
}

export async function insertEvent(db: Executor, event: ProviderEvent): Promise<void> {
  await db
    .insert(paymentsSandboxEvents)
    .values({ id: event.id, type: event.vendorType, payload: eventJson(event), createdAt: event.created });
}

// Idempotency -------------------------------------------------------------------------------------

export function requestDigest(operation: string, args: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify([operation, args]))
    .digest("hex");
}

/**
 * Claims an idempotency key inside the caller's transaction. The first call gets null and goes
 * on; a repeat waits for the first one's transaction (the insert blocks on its row), then gets what
 * it answered. The same key with other arguments is refused, as Stripe does.
 */
export async function claimIdempotencyKey(
  db: Executor,
  key: string,
  digest: string,
): Promise<Record<string, unknown> | null> {
  const inserted = await db
    .insert(paymentsSandboxIdempotency)
    .values({ key, requestDigest: digest, response: {} })
    .onConflictDoNothing()
    .returning({ key: paymentsSandboxIdempotency.key });
  if (inserted.length > 0) return null;
  const [row] = await db
    .select()
    .from(paymentsSandboxIdempotency)
    .where(eq(paymentsSandboxIdempotency.key, key));
  if (!row || row.requestDigest !== digest) throw new Error("idempotency key reused");
  return row.response as Record<string, unknown>;
}

export async function storeIdempotentResponse(
  db: Executor,
  key: string,
  response: Record<string, unknown>,
): Promise<void> {
  await db
    .update(paymentsSandboxIdempotency)
    .set({ response })
    .where(eq(paymentsSandboxIdempotency.key, key));
}
