import { AppError, catalogueVersion, endpoints, FREE_TRIAL_DAYS, planCatalogue } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { subscriptionRow, subscriptionView } from "../../shared/subscriptions";

/** Built once: the catalogue only changes with a deploy. */
const catalogue = planCatalogue();
const version = catalogueVersion(catalogue);

/**
 * Billing (issue 13): the plans dictionary (anyone; the plan cards and checkout read it) and the
 * subscription fetch (verified owners only: the `verified` policy level).
 */
export const billingRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.billing;

  route(app, table.plans, async ({ query }) => ({
    data: { version, unchanged: query.version === version, trialDays: FREE_TRIAL_DAYS, ...catalogue },
  }));

  route(app, table.lastActive, async ({ actor }) => {
    if (!actor.profileId) throw new AppError("accountManager_ownerNotFound");
    const row = await subscriptionRow(app.deps.database.db, actor.profileId);
    return { data: subscriptionView(actor.profileType, row) };
  });
};
