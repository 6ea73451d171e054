import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { ModerationService } from "./service";

/**
 * The review queue, staff actions, approvals and appeals, and the person's strikes (issue 16):
 * handlers for the rows of contract/endpoints/moderation.ts; the rules are in service.ts.
 */
export const moderationRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.moderation;
  // Built per request: the socket hub and the job runner join the app after its routes.
  const service = () =>
    new ModerationService({
      db: app.deps.database.db,
      config: app.deps.config,
      mail: app.deps.mail,
      log: app.log,
      realtime: app.deps.realtime,
      jobs: app.deps.jobs,
    });

  route(app, table.queue, async ({ query }) => service().queue(query));
  route(app, table.subject, async ({ params }) => ({ data: await service().subject(params.id) }));
  route(app, table.act, async ({ actor, params, body }) => ({
    data: await service().act(actor, params.id, body),
  }));
  route(app, table.bulk, async ({ actor, body }) => ({ data: await service().bulk(actor, body) }));
  route(app, table.approvals, async ({ query }) => service().approvals(query));
  route(app, table.approve, async ({ actor, params, body }) => ({
    data: await service().approve(actor, params.id, body),
  }));
  route(app, table.appeals, async ({ query }) => service().appeals(query));
  route(app, table.decideAppeal, async ({ actor, params, body }) => ({
    data: await service().decideAppeal(actor, params.id, body),
  }));

  route(app, table.strikes, async ({ actor }) => ({ data: await service().strikes(actor.userId) }));
  route(app, table.appealStrike, async ({ actor, params, body, reply }) =>
    reply.status(201).send({ data: await service().appealStrike(actor.userId, params.id, body.text) }),
  );
  route(app, table.appealLink, async ({ params }) => ({ data: await service().appealLink(params.token) }));
  route(app, table.appealByLink, async ({ params, body, reply }) =>
    reply.status(201).send({ data: await service().appealByLink(params.token, body.text) }),
  );
};
