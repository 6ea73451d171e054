import { AppError, entitlement, format, messages, type PlanTier } from "@vn/contract";
import { and, count, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companyInvites, companyMembers, profiles } from "../../db/schema/index";
import { subscriptionRow } from "../../shared/subscriptions";

/**
 * Seats (issue 14): a company's team may hold the plan's `team.membersIncluded` (3 / 10 / 50 /
 * unlimited) plus the seats add-on of billing. Members and open invitations both take a seat, so
 * an owner cannot send more invitations than the team could ever accept.
 */

/** Locks the company row for the transaction: seat checks of one company run one at a time. */
export async function lockCompany(tx: Db, companyId: string): Promise<void> {
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, companyId)).for("update");
}

export async function seatCapacity(db: Db, companyId: string): Promise<number> {
  const row = await subscriptionRow(db, companyId);
  const included = entitlement("company", (row?.planTier ?? "basic") as PlanTier, "team.membersIncluded");
  const seats = (row?.addons ?? []).find((addon) => addon.type === "seats")?.quantity ?? 0;
  return (typeof included === "number" ? included : 0) + Math.max(0, seats);
}

export async function seatsTaken(db: Db, companyId: string): Promise<{ members: number; pending: number }> {
  const [members] = await db
    .select({ n: count() })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId));
  const [pending] = await db
    .select({ n: count() })
    .from(companyInvites)
    .where(
      and(
        eq(companyInvites.companyId, companyId),
        eq(companyInvites.kind, "team"),
        eq(companyInvites.status, "pending"),
        gt(companyInvites.expiresAt, new Date()),
      ),
    );
  return { members: Number(members?.n ?? 0), pending: Number(pending?.n ?? 0) };
}

/** Refuses when `adding` more seats would not fit: buy seats or upgrade, the message says. */
export async function checkSeats(
  db: Db,
  companyId: string,
  adding: number,
  options: { countPending: boolean },
): Promise<void> {
  const capacity = await seatCapacity(db, companyId);
  const taken = await seatsTaken(db, companyId);
  const used = taken.members + (options.countPending ? taken.pending : 0);
  if (used + adding <= capacity) return;
  throw new AppError("account_accessForbiddenByPlan", {
    message: format(messages.teamSeatsFull, { members: used, included: capacity }),
    details: {
      feature: "team.membersIncluded",
      members: taken.members,
      pending: taken.pending,
      included: capacity,
      requested: adding,
    },
  });
}
