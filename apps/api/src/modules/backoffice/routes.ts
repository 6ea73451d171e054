import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { dashboard, listAudit, listFeedback, listLeads, updateLead } from "./service";

/**
 * The back-office's records (issue 16): rows of contract/endpoints/backoffice.ts. The guard keeps
 * them to staff (the audit log to admins); everyone else hears 404.
 */
export const backofficeRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.backoffice;
  const db = () => app.deps.database.db;

  route(app, table.dashboard, async () => ({ data: await dashboard(db()) }));
  route(app, table.leads, async ({ query }) => listLeads(db(), query));
  route(app, table.updateLead, async ({ params, body }) => ({
    data: await updateLead(db(), params.id, body),
  }));
  route(app, table.feedback, async ({ query }) => listFeedback(db(), query));
  route(app, table.audit, async ({ query }) => listAudit(db(), query));
};
