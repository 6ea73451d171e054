import {
  type AccessChangeType,
  AppError,
  emailSchema,
  errorMessage,
  messages,
  phoneSchema,
} from "@vn/contract";
import { and, eq, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/index";
import type { MailProvider } from "../../providers/mail/index";
import { accessChangeCodeMail, accessChangeCodeText, emailChangedMail } from "../../providers/mail/templates";
import { SmsError, type SmsProvider } from "../../providers/sms/index";
import { isUniqueViolation } from "./general-info";
import type { OneTimeCodes } from "./one-time-codes";

/**
 * Changing the sign-in email or the phone (POST /users/me/access-change/{type}/initialize and
 * /finish): a code goes to the NEW address, and only that code makes the change. The old email is
 * told when its account moves to another one.
 */

export interface AccessChangeDeps {
  db: Db;
  codes: OneTimeCodes;
  mail: MailProvider;
  sms: SmsProvider;
  log: FastifyBaseLogger;
}

const purpose = (type: AccessChangeType) => `access-change-${type}`;

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

export async function initializeAccessChange(
  deps: AccessChangeDeps,
  userId: string,
  type: AccessChangeType,
  raw: string,
): Promise<{ type: AccessChangeType; destination: string; expiresAt: string }> {
  const { db } = deps;
  const [user] = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new AppError("request_invalidSessionToken");
  const parsed = (type === "email" ? emailSchema : phoneSchema).safeParse(raw);
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
    deps.log.error({ err: error, channel: type }, "access-change code delivery failed");
    throw new AppError("request_unavailable", { message: errorMessage("request_unavailable") });
  }
  return { type, destination: maskDestination(type, value), expiresAt: expiresAt.toISOString() };
}

export async function finishAccessChange(
  deps: AccessChangeDeps,
  userId: string,
  type: AccessChangeType,
  code: string,
): Promise<void> {
  const { db } = deps;
  const value = await deps.codes.verify(purpose(type), userId, code);
  if (type === "phone") {
    if (await phoneTaken(db, value, userId)) throw new AppError("user_phoneAlreadyUsed");
    await db
      .update(users)
      .set({ phone: value, phoneVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId));
    return;
  }
  const [before] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  try {
    await db
      .update(users)
      .set({ email: value, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("user_emailAlreadyUsed");
    throw error;
  }
  if (before) {
    // Best effort: the change is done; a failed notice is logged, not undone.
    await deps.mail.send(emailChangedMail(before.email, value)).catch((error: unknown) => {
      deps.log.warn({ err: error }, "email-changed notice not delivered");
    });
  }
}

function normalizePhone(value: string): string {
  return value.replace(/[^\d+]/g, "");
}

async function emailTaken(db: Db, email: string, exceptUserId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptUserId)))
    .limit(1);
  return rows.length > 0;
}

async function phoneTaken(db: Db, phone: string, exceptUserId: string): Promise<boolean> {
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
