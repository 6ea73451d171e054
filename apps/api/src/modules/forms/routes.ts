import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { submitFeedback, submitReport } from "./service";

/**
 * The report and feedback forms (spec §2 global overlays, §3 forms): handlers for the rows of
 * contract/endpoints/forms.ts, each limited per account (reports report_tooMany, feedback
 * feedback_tooMany).
 */
export const formRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.forms;
  const db = () => app.deps.database.db;

  route(app, table.report, async ({ actor, body, reply }) =>
    reply.status(201).send({ data: await submitReport(db(), actor, body) }),
  );

  route(app, table.feedback, async ({ actor, body, request, reply }) =>
    reply.status(201).send({
      data: await submitFeedback(db(), actor, body, request.headers["user-agent"]),
    }),
  );
};
