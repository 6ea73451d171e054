import { type OwnerType, type PlanTier, SANDBOX_CARDS } from "@vn/contract";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { companyMembers, creatorApplications, profiles, subscriptions } from "../db/schema/index";
import { BillingService } from "../modules/billing/service";
import { SandboxPaymentsVendor } from "../providers/payments/sandbox";

/**
 * The demo cast's paid plans, bought the way a person buys one (issue 13): a 4242 card saved
 * through a SetupIntent and the plan paid through the billing service, so every demo plan is a
 * real sandbox subscription that renews, can be upgraded, downgraded or cancelled. The seed gives
 * the tier (createPerson / createCompany planTier); this turns it into a subscription. The creator
 * gets the approved application the creator plan needs. The sandbox's webhooks for these are
 * delivered once the API runs (its job redelivers what no one took).
 */
export async function subscribeDemoPlans(db: Db, config: Config, log: FastifyBaseLogger): Promise<number> {
  const vendor = new SandboxPaymentsVendor({ db, config, jobs: () => undefined, log });
  const billing = new BillingService({ db, config, provider: vendor, realtime: () => undefined, log });
  const paid = await db
    .select({ row: subscriptions, type: profiles.type, userId: profiles.userId })
    .from(subscriptions)
    .innerJoin(profiles, eq(profiles.id, subscriptions.ownerProfileId))
    .where(and(ne(subscriptions.planTier, "basic"), isNull(subscriptions.providerSubscriptionId)));
  const year = new Date().getUTCFullYear();
  for (const { row, type, userId } of paid) {
    const tier = row.planTier as PlanTier;
    const ownerType = type as OwnerType;
    const payer = userId ?? (await companyOwner(db, row.ownerProfileId));
    if (!payer) continue;
    const owner = { profileId: row.ownerProfileId, profileType: ownerType, userId: payer };
    // Back to the free plan the profile started on, then bought for real.
    await db
      .update(subscriptions)
      .set({ planTier: "basic", currentPeriodEnd: null })
      .where(eq(subscriptions.id, row.id));
    if (tier === "creator") {
      await db.insert(creatorApplications).values({
        profileId: row.ownerProfileId,
        status: "congratulation",
        publishes: "Long-form essays and a weekly video series about product design.",
        links: ["https://example.com/portfolio"],
        decidedAt: new Date(),
      });
    }
    const intent = await billing.setupIntent(owner, `demo-card-${row.ownerProfileId}`);
    await vendor.confirmSetupIntent(intent.setupIntentId, {
      clientSecret: intent.clientSecret,
      cardNumber: SANDBOX_CARDS.succeeds,
      expMonth: 12,
      expYear: year + 3,
      cvc: "123",
    });
    await billing.change(owner, row.id, {
      plan: tier,
      period: "monthly",
      trial: false,
      idempotencyKey: `demo-plan-${row.ownerProfileId}`,
    });
  }
  return paid.length;
}

async function companyOwner(db: Db, companyId: string): Promise<string | null> {
  const [owner] = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, "owner")))
    .limit(1);
  return owner?.userId ?? null;
}
