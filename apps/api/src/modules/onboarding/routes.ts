import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { finishTour, hideChecklist, passStep, readChecklist, readSteps } from "./service";

/**
 * The guided tour and the getting-started checklist (issue 18): handlers for the rows of
 * contract/endpoints/onboarding.ts.
 */
export const onboardingRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.onboarding;
  const db = () => app.deps.database.db;

  route(app, table.steps, async ({ actor }) => ({ data: await readSteps(db(), actor) }));
  route(app, table.finish, async ({ actor }) => ({ data: await finishTour(db(), actor) }));
  route(app, table.passStep, async ({ actor, params }) => ({
    data: await passStep(db(), actor, params.stepId),
  }));
  route(app, table.checklist, async ({ actor }) => ({ data: await readChecklist(db(), actor) }));
  route(app, table.hideChecklist, async ({ actor }) => ({ data: await hideChecklist(db(), actor) }));
};
