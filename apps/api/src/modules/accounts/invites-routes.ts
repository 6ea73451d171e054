import { AppError, endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { acceptInvite, findInvite, listSentInvites, sendInvites } from "./invites";

/**
 * Invitations to join (spec §7 GET and PATCH /user-invites; POST sends them): handlers for the
 * invitation rows of contract/endpoints/accounts.ts.
 */
export const inviteRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.accounts;
  const db = app.deps.database.db;

  route(app, table.invites, async ({ actor, query }) => {
    const { code, page, perPage } = query;
    if (code) return { data: await findInvite(db, code) };
    if (!actor) throw new AppError("request_unauthenticated");
    const { items, total } = await listSentInvites(db, actor.userId, page, perPage);
    return { data: items, meta: { page, perPage, total } };
  });

  route(app, table.sendInvites, async ({ actor, body, request }) => {
    const deps = { db, mail: app.deps.mail, config: app.deps.config, log: request.log };
    return { data: await sendInvites(deps, actor, body.emails) };
  });

  route(app, table.acceptInvite, async ({ actor, body }) => {
    if (!actor.ownProfileId) throw new AppError("request_unauthenticated");
    return {
      data: await acceptInvite(db, { code: body.code, userId: actor.userId, profileId: actor.ownProfileId }),
    };
  });
};
