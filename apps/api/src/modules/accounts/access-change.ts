import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  ACCESS_CHANGE_UNDO_TTL_MS,
  type AccessChangeType,
  AppError,
  emailSchema,
  errorMessage,
  format,
  messages,
  phoneSchema,
} from "@vn/contract";
import { and, eq, gt, like, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { accounts, sessions, users, verifications } from "../../db/schema/index";
import type { MailProvider } from "../../providers/mail/index";
import {
  accessChangeCodeMail,
  accessChangeCodeText,
  emailChangedMail,
  phoneChangedMail,
} from "../../providers/mail/templates";
import { SmsError, type SmsProvider } from "../../providers/sms/index";
import { writeAudit } from "../../shared/audit";
import type { Auth } from "./auth";
import type { OneTimeCodes } from "./one-time-codes";

/**
 * Changing the sign-in email or the phone (POST /users/me/access-change/{type}/initialize and
 * /finish): the current password proves the person (a session alone is not enough: issue 11), a
 * code goes to the NEW address, and only that code makes the change. Finishing ends every other
 * session of the account, and the old email (for a phone change, the account's email) is told,
 * with a link that undoes the change (POST /users/me/access-change/undo): the old value comes
 * back and every session ends.
 */

export interface AccessChangeDeps {
  db: Db;
  codes: OneTimeCodes;
  mail: MailProvider;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  /** better-auth, for its password hasher (the one sign-in verifies with). */
  auth: Auth;
  /** Where the undo link points (the web's query intent `type=access-change-undo`). */
  webOrigin: string;
}

const purpose = (type: AccessChangeType) => `access-change-${type}`;

/** Undo tokens live in verifications as `access-change-undo:<sha256 of the token>`, never in clear. */
const UNDO_PREFIX = "access-change-undo:";
const UNDO_TTL_DAYS = Math.round(ACCESS_CHANGE_UNDO_TTL_MS / 86_400_000);

interface UndoRecord {
  userId: string;
  type: AccessChangeType;
  /** The value before the change, which the undo restores. */
  before: string | null;
  after: string;
  /** When the old phone had been proven (phone changes only). */
  beforeVerifiedAt?: string | null;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function undoLinkOf(webOrigin: string, token: string): string {
  const query = new URLSearchParams({ type: "access-change-undo", token });
  return `${webOrigin}/?${query.toString()}`;
}

function invalidValue(message: string): AppError {
  return new AppError("request_validationFailed", { details: [{ path: "body.value", message }] });
}

/** "anna@example.com" → "an••@example.com"; "+48 600 100 200" → "••••••••200". */
export function maskDestination(type: AccessChangeType, value: string): string {
  if (type === "email") {
    const [local = "", domain = ""] = value.split("@");
    return `${local.slice(0, 2)}${"•".repeat(Math.max(local.length - 2, 1))}@${domain}`;
  }
  const digits = value.replace(/\D/g, "");
  return `${"•".repeat(Math.max(digits.length - 3, 1))}${digits.slice(-3)}`;
}

/**
 * The account's current password, checked with better-auth's hasher. Wrong (or no password at
 * all) → 422 user_wrongPassword on body.currentPassword.
 */
export async function verifyCurrentPassword(
  deps: Pick<AccessChangeDeps, "db" | "auth">,
  userId: string,
  password: string,
): Promise<void> {
  const context = await deps.auth.$context;
  const [credential] = await deps.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  const valid =
    credential?.password != null && (await context.password.verify({ hash: credential.password, password }));
  if (!valid) {
    throw new AppError("user_wrongPassword", {
      details: [{ path: "body.currentPassword", message: errorMessage("user_wrongPassword") }],
    });
  }
}

export async function initializeAccessChange(
  deps: AccessChangeDeps,
  userId: string,
  type: AccessChangeType,
  input: { value: string; currentPassword: string },
): Promise<{ type: AccessChangeType; destination: string; expiresAt: string }> {
  const { db } = deps;
  const [user] = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new AppError("request_invalidSessionToken");
  // First the person, then the value: without the password nobody learns whether an address is taken.
  await verifyCurrentPassword(deps, userId, input.currentPassword);
  const parsed = (type === "email" ? emailSchema : phoneSchema).safeParse(input.value);
  if (!parsed.success) throw invalidValue(parsed.error.issues[0]?.message ?? messages.invalidRequest);
  const value = parsed.data;
  if (type === "email") {
    if (value === user.email) throw invalidValue(messages.sameEmail);
    if (await emailTaken(db, value, userId)) throw new AppError("user_emailAlreadyUsed");
  } else {
    if (normalizePhone(value) === normalizePhone(user.phone ?? "")) throw invalidValue(messages.samePhone);
    if (await phoneTaken(db, value, userId)) throw new AppError("user_phoneAlreadyUsed");
  }

  const { code, expiresAt } = await deps.codes.issue(purpose(type), userId, value);
  try {
    if (type === "email") await deps.mail.send(accessChangeCodeMail(value, code));
    else await deps.sms.send({ to: value, text: accessChangeCodeText(code) });
  } catch (error) {
    // A code nobody received must not stay usable.
    await deps.codes.discard(purpose(type), userId);
    if (error instanceof SmsError && error.reason === "undeliverable")
      throw new AppError("sms_undeliverable");
    // A refusal of our own (the per-recipient mail cap) says what it is; only outages are 503.
    if (error instanceof AppError) throw error;
    deps.log.error({ err: error, channel: type }, "access-change code delivery failed");
    throw new AppError("request_unavailable", { message: errorMessage("request_unavailable") });
  }
  return { type, destination: maskDestination(type, value), expiresAt: expiresAt.toISOString() };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Stores an undo token for this change (in the change's transaction) and returns it for mailing. */
async function issueUndoToken(tx: Tx, record: UndoRecord): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(verifications).values({
    id: randomUUID(),
    identifier: `${UNDO_PREFIX}${hashToken(token)}`,
    value: JSON.stringify(record),
    expiresAt: new Date(Date.now() + ACCESS_CHANGE_UNDO_TTL_MS),
  });
  return token;
}

/**
 * Finishes a change with its code: the new value, every other session of the account ended, an
 * audit row and an undo token, all in one transaction; then the notice with the undo link goes
 * to the old email (best effort: the change is done, a failed notice is logged). Returns the
 * ended session ids (their sockets close).
 */
export async function finishAccessChange(
  deps: AccessChangeDeps,
  actor: { userId: string; sessionId: string },
  type: AccessChangeType,
  code: string,
): Promise<string[]> {
  const { db } = deps;
  const { userId } = actor;
  const value = await deps.codes.verify(purpose(type), userId, code);
  if (type === "phone" && (await phoneTaken(db, value, userId))) throw new AppError("user_phoneAlreadyUsed");
  let outcome: { ended: string[]; notify: string | null; token: string };
  try {
    outcome = await db.transaction(async (tx) => {
      const [old] = await tx
        .select({ email: users.email, phone: users.phone, phoneVerifiedAt: users.phoneVerifiedAt })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!old) throw new AppError("request_invalidSessionToken");
      const now = new Date();
      if (type === "email") {
        await tx
          .update(users)
          .set({ email: value, emailVerified: true, updatedAt: now })
          .where(eq(users.id, userId));
      } else {
        await tx
          .update(users)
          .set({ phone: value, phoneVerifiedAt: now, updatedAt: now })
          .where(eq(users.id, userId));
      }
      const ended = await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, actor.sessionId)))
        .returning({ id: sessions.id });
      const before = type === "email" ? old.email : old.phone;
      await writeAudit(tx, {
        action: "account.accessChanged",
        resourceType: "user",
        resourceId: userId,
        before: { [type]: before },
        after: { [type]: value, otherSessionsEnded: ended.length },
      });
      const token = await issueUndoToken(tx, {
        userId,
        type,
        before,
        after: value,
        ...(type === "phone" ? { beforeVerifiedAt: old.phoneVerifiedAt?.toISOString() ?? null } : {}),
      });
      // The email that hears of it: the old one (an email change) or the account's (a phone change).
      return { ended: ended.map((row) => row.id), notify: old.email, token };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("user_emailAlreadyUsed");
    throw error;
  }
  if (outcome.notify) {
    const undo = { url: undoLinkOf(deps.webOrigin, outcome.token), days: UNDO_TTL_DAYS };
    const mail =
      type === "email"
        ? emailChangedMail(outcome.notify, value, undo)
        : phoneChangedMail(outcome.notify, value, undo);
    await deps.mail.send(mail).catch((error: unknown) => {
      deps.log.warn({ err: error }, "access-changed notice not delivered");
    });
  }
  return outcome.ended;
}

/**
 * POST /users/me/access-change/undo: the token of a change notice restores the value before that
 * change (once, within ACCESS_CHANGE_UNDO_TTL_MS) and ends every session of the account; the
 * other undo links of the same kind die with it (so a later change's link, mailed to whoever made
 * it, cannot undo the undo). Wrong, used or expired → 400 user_undoLinkInvalid; the old email
 * taken by another account meanwhile → 409 user_emailAlreadyUsed. Returns the account's email
 * and the ended session ids.
 */
export async function undoAccessChange(
  db: Db,
  token: string,
): Promise<{ type: AccessChangeType; email: string; ended: string[] }> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(verifications)
        .where(
          and(
            eq(verifications.identifier, `${UNDO_PREFIX}${hashToken(token)}`),
            gt(verifications.expiresAt, new Date()),
          ),
        )
        .returning({ value: verifications.value });
      if (!row) throw new AppError("user_undoLinkInvalid");
      const record = JSON.parse(row.value) as UndoRecord;
      const [user] = await tx
        .select({ email: users.email, phone: users.phone, status: users.status })
        .from(users)
        .where(eq(users.id, record.userId))
        .limit(1);
      if (!user || user.status === "deleted" || user.status === "blocked")
        throw new AppError("user_undoLinkInvalid");
      const now = new Date();
      if (record.type === "email") {
        if (!record.before) throw new AppError("user_undoLinkInvalid");
        if (await emailTaken(tx, record.before, record.userId)) throw new AppError("user_emailAlreadyUsed");
        await tx
          .update(users)
          .set({ email: record.before, emailVerified: true, updatedAt: now })
          .where(eq(users.id, record.userId));
      } else {
        if (record.before && (await phoneTaken(tx, record.before, record.userId)))
          throw new AppError("user_phoneAlreadyUsed");
        await tx
          .update(users)
          .set({
            phone: record.before,
            phoneVerifiedAt: record.beforeVerifiedAt ? new Date(record.beforeVerifiedAt) : null,
            updatedAt: now,
          })
          .where(eq(users.id, record.userId));
      }
      // Every other undo link of this kind for this account goes too.
      await tx
        .delete(verifications)
        .where(
          and(
            like(verifications.identifier, `${UNDO_PREFIX}%`),
            sql`${verifications.value}::jsonb ->> 'userId' = ${record.userId}`,
            sql`${verifications.value}::jsonb ->> 'type' = ${record.type}`,
          ),
        );
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.userId, record.userId))
        .returning({ id: sessions.id });
      // Proven by the old address, not a session.
      await writeAudit(tx, {
        action: "account.accessChanged",
        resourceType: "user",
        resourceId: record.userId,
        before: { [record.type]: record.type === "email" ? user.email : user.phone },
        after: { [record.type]: record.before, undone: true, sessionsEnded: ended.length },
        actor: { userId: record.userId, profileId: null, staffRole: null },
      });
      const email = (record.type === "email" ? record.before : null) ?? user.email;
      return { type: record.type, email, ended: ended.map((s) => s.id) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("user_emailAlreadyUsed");
    throw error;
  }
}

/** The answer of the undo route. */
export function undoneMessage(email: string): string {
  return format(messages.accessChangeUndone, { email });
}

function normalizePhone(value: string): string {
  return value.replace(/[^\d+]/g, "");
}

async function emailTaken(db: Db | Tx, email: string, exceptUserId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptUserId)))
    .limit(1);
  return rows.length > 0;
}

async function phoneTaken(db: Db | Tx, phone: string, exceptUserId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`regexp_replace(${users.phone}, '[^0-9+]', '', 'g') = ${normalizePhone(phone)}`,
        ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
