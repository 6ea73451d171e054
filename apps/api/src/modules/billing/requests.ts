import { createHash } from "node:crypto";
import { AppError } from "@vn/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { paymentRequests } from "../../db/schema/index";

/**
 * Idempotent money calls: the first request with a key runs; a repeat (a double click, a retry
 * after a lost answer) gets the first one's answer, error included, and never runs again. The
 * same key with a different request is refused. A client starts a new key after an error.
 */

type Stored = { ok: true; value: unknown } | { ok: false; code: string; details?: unknown };

const WAIT_MS = 15_000;
const POLL_MS = 100;

/** Keyed in-process queue: one money call per owner at a time on this node. */
const running = new Map<string, Promise<unknown>>();

export async function serialized<T>(ownerProfileId: string, work: () => Promise<T>): Promise<T> {
  const before = running.get(ownerProfileId) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(work);
  running.set(ownerProfileId, mine);
  try {
    return await mine;
  } finally {
    if (running.get(ownerProfileId) === mine) running.delete(ownerProfileId);
  }
}

function digestOf(request: unknown): string {
  return createHash("sha256").update(JSON.stringify(request)).digest("hex");
}

async function answerOf(db: Db, ownerProfileId: string, key: string, digest: string): Promise<Stored | null> {
  const [row] = await db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.ownerProfileId, ownerProfileId), eq(paymentRequests.key, key)));
  if (!row) return null;
  if (row.requestDigest !== digest) throw new AppError("payments_idempotencyConflict");
  return (row.response as Stored | null) ?? null;
}

function replay<T>(stored: Stored): T {
  if (stored.ok) return stored.value as T;
  throw new AppError(stored.code as never, stored.details === undefined ? {} : { details: stored.details });
}

export async function once<T>(
  db: Db,
  ownerProfileId: string,
  key: string,
  request: unknown,
  work: () => Promise<T>,
): Promise<T> {
  const digest = digestOf(request);
  try {
    await db.insert(paymentRequests).values({ ownerProfileId, key, requestDigest: digest });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Someone sent this key before: wait for their answer (they may still be running).
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const stored = await answerOf(db, ownerProfileId, key, digest);
      if (stored) return replay<T>(stored);
      if (Date.now() > deadline) throw new AppError("payments_actionPending");
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  let stored: Stored;
  try {
    const value = await work();
    stored = { ok: true, value };
  } catch (error) {
    if (!(error instanceof AppError)) {
      // Not an answer (a crash, the vendor unreachable): let the same key try again.
      await db
        .delete(paymentRequests)
        .where(and(eq(paymentRequests.ownerProfileId, ownerProfileId), eq(paymentRequests.key, key)));
      throw error;
    }
    stored = { ok: false, code: error.code, details: error.details };
  }
  await db
    .update(paymentRequests)
    .set({ response: JSON.parse(JSON.stringify(stored)) })
    .where(and(eq(paymentRequests.ownerProfileId, ownerProfileId), eq(paymentRequests.key, key)));
  return replay<T>(stored);
}
