import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import { companyInvites, kybTransactions } from "../db/schema/index";

/**
 * The demo cast's business verifications (README "Business verification sandbox"): a company
 * verified by a KYB transaction (its badge has facts to show), one waiting for an admin's manual
 * review, and one not started (the owner walks the whole flow). Rows as the KYB module leaves
 * them; no documents are stored, so the review shows none.
 */
export interface KybHistory {
  companyId: string;
  ownerUserId: string;
  status: "accepted" | "pending_admin_action";
  legalName: string;
  registrationNumber: string;
  country: string;
  registeredAddress: string;
  incorporationDate: string;
  website: string | null;
  /** Directors who confirmed (verified people). */
  directors: Array<{ userId: string; email: string }>;
}

export async function createKybHistory(db: Db, input: KybHistory): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  const submittedAt = new Date(Date.now() - 3 * day);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(kybTransactions).values({
      id,
      companyId: input.companyId,
      createdBy: input.ownerUserId,
      provider: "sandbox",
      checkId: `kyb_demo_${id.slice(0, 8)}`,
      status: input.status,
      legalName: input.legalName,
      registrationNumber: input.registrationNumber,
      country: input.country,
      registeredAddress: input.registeredAddress,
      incorporationDate: input.incorporationDate,
      website: input.website,
      createdAt: new Date(submittedAt.getTime() - day),
      submittedAt,
      decidedAt: input.status === "accepted" ? new Date(submittedAt.getTime() + 60_000) : null,
    });
    for (const director of input.directors) {
      await tx.insert(companyInvites).values({
        id: randomUUID(),
        companyId: input.companyId,
        kind: "officer",
        kybTransactionId: id,
        email: director.email,
        invitedUserId: director.userId,
        status: "accepted",
        createdBy: input.ownerUserId,
        createdAt: new Date(submittedAt.getTime() - day),
        expiresAt: new Date(submittedAt.getTime() + 29 * day),
        decidedAt: new Date(submittedAt.getTime() - day / 2),
      });
    }
  });
}
