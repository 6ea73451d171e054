import { endpoints, LEAD_FORMS_PER_ADDRESS_PER_HOUR } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { identityLimiter } from "../../plugins/rate-limit";
import { type LeadDeps, submitAdConsultation, submitEnterpriseEnquiry } from "./leads";
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

  // Sales leads (issue 16): each form is limited per account (per address for visitors) by its
  // row; both together per address here, so many accounts behind one address cannot flood sales.
  const perAddress = identityLimiter(app, {
    name: "lead-forms-address",
    max: LEAD_FORMS_PER_ADDRESS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
    code: "lead_tooMany",
  });
  const leadDeps = (): LeadDeps => ({
    db: db(),
    config: app.deps.config,
    mail: app.deps.mail,
    log: app.log,
    jobs: () => app.deps.jobs,
  });

  route(app, table.enterpriseEnquiry, async ({ actor, body, request, reply }) => {
    await perAddress.hit(request.ip, reply);
    return reply.status(201).send({ data: await submitEnterpriseEnquiry(leadDeps(), actor, body) });
  });

  route(app, table.adConsultation, async ({ actor, body, request, reply }) => {
    await perAddress.hit(request.ip, reply);
    return reply.status(201).send({ data: await submitAdConsultation(leadDeps(), actor, body) });
  });

  route(app, table.feedback, async ({ actor, body, request, reply }) =>
    reply.status(201).send({
      data: await submitFeedback(db(), actor, body, request.headers["user-agent"]),
    }),
  );
};
