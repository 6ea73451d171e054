import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import {
  acceptInvite,
  cancelInvite,
  createInvites,
  getMyInvite,
  pendingInvites,
  rejectInvite,
} from "./invites";
import {
  companyPeople,
  leaveCompany,
  myMembership,
  removeMember,
  transferOwnership,
  updateMember,
  updateMyDetails,
} from "./members";
import { getTeamSettings, updateTeamSettings } from "./team-settings";

/** Company teams (issue 14): handlers for the rows of contract/endpoints/teams.ts. */
export const teamRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.deps.database.db;
  const memberDeps = () => ({ db: db(), realtime: () => app.deps.realtime });
  const t = endpoints.teams;

  route(app, t.invite, async ({ actor, body, reply }) => {
    const data = await createInvites(
      { db: db(), config: app.deps.config, mail: app.deps.mail, log: app.log },
      actor,
      body,
    );
    return reply.status(201).send({ data });
  });
  route(app, t.pendingInvites, async ({ actor }) => ({ data: await pendingInvites(db(), actor) }));
  route(app, t.cancelInvite, async ({ actor, params }) => ({
    data: await cancelInvite(db(), actor, params.id),
  }));
  route(app, t.myInvite, async ({ actor, params }) => ({ data: await getMyInvite(db(), actor, params.id) }));
  route(app, t.acceptInvite, async ({ actor, params }) => ({
    data: await acceptInvite({ db: db(), officers: app.kyb }, actor, params.id),
  }));
  route(app, t.rejectInvite, async ({ actor, params, body }) => ({
    data: await rejectInvite(db(), app.kyb, actor, params.id, body.reason),
  }));
  // A director's invitation by the company's handle (the invitation link's slug-kyb cookie).
  const k = endpoints.kyb;
  const bySlug = async (actor: Parameters<typeof getMyInvite>[1], slug: string) =>
    app.kyb.officerInviteId(actor, slug);
  route(app, k.officerInviteBySlug, async ({ actor, params }) => ({
    data: await getMyInvite(db(), actor, await bySlug(actor, params.slug)),
  }));
  route(app, k.acceptOfficerInviteBySlug, async ({ actor, params }) => ({
    data: await acceptInvite({ db: db(), officers: app.kyb }, actor, await bySlug(actor, params.slug)),
  }));
  route(app, k.rejectOfficerInviteBySlug, async ({ actor, params, body }) => ({
    data: await rejectInvite(db(), app.kyb, actor, await bySlug(actor, params.slug), body.reason),
  }));
  route(app, t.people, async ({ actor, params }) => ({
    data: await companyPeople(db(), actor, params.slug),
  }));
  route(app, t.updateMember, async ({ actor, params, body }) => ({
    data: await updateMember(db(), actor, params.userId, body),
  }));
  route(app, t.myMembership, async ({ actor }) => ({ data: await myMembership(db(), actor) }));
  route(app, t.updateMyDetails, async ({ actor, body }) => ({
    data: await updateMyDetails(db(), actor, body),
  }));
  route(app, t.teamSettings, async ({ actor }) => ({ data: await getTeamSettings(db(), actor) }));
  route(app, t.updateTeamSettings, async ({ actor, body }) => ({
    data: await updateTeamSettings(db(), actor, body),
  }));
  route(app, t.removeMember, async ({ actor, params, reply }) => {
    await removeMember(memberDeps(), actor, params.userId);
    return reply.status(204).send();
  });
  route(app, t.leave, async ({ actor, reply }) => {
    await leaveCompany(memberDeps(), actor);
    return reply.status(204).send();
  });
  route(app, t.transferOwnership, async ({ actor, body }) => ({
    data: await transferOwnership(db(), actor, body.userId),
  }));
};
