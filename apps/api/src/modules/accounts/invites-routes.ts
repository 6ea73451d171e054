import {
  AppError,
  userInviteAcceptRequestSchema,
  userInviteResponseSchema,
  userInvitesCreateRequestSchema,
  userInvitesCreateResponseSchema,
  userInvitesListResponseSchema,
  userInvitesQuerySchema,
} from "@vn/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { acceptInvite, findInvite, listSentInvites, sendInvites } from "./invites";

const tags = ["accounts"];

/** Invitations to join (spec §7 GET and PATCH /user-invites; POST sends them). */
export const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.get(
    "/user-invites",
    {
      config: { access: "public", rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "With ?code: one invitation (public, email masked). Without: the caller's sent invitations",
        description: "Errors: 404 invite_notFound (by code); 401 when listing without a session.",
        querystring: userInvitesQuerySchema,
        response: { 200: z.union([userInviteResponseSchema, userInvitesListResponseSchema]) },
      },
    },
    async (request) => {
      const { code, page, perPage } = request.query;
      if (code) return { data: await findInvite(db, code) };
      if (!request.principal) throw new AppError("request_unauthenticated");
      const { items, total } = await listSentInvites(db, request.principal.userId, page, perPage);
      return { data: items, meta: { page, perPage, total } };
    },
  );

  app.post(
    "/user-invites",
    {
      config: { access: "active", rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "Invite up to 50 emails to join; each gets a link with a code",
        description: "Per email: sent, alreadyInvited (a live invitation from you exists) or alreadyMember.",
        body: userInvitesCreateRequestSchema,
        response: { 200: userInvitesCreateResponseSchema },
      },
    },
    async (request) => {
      if (!request.principal) throw new AppError("request_unauthenticated");
      const deps = { db, mail: app.deps.mail, config: app.deps.config, log: request.log };
      return { data: await sendInvites(deps, request.principal, request.body.emails) };
    },
  );

  app.patch(
    "/user-invites",
    {
      config: { access: "session", rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "Accept an invitation after signing up (the code of the link)",
        description:
          "Errors: 404 invite_notFound; 409 invite_unavailable (used, revoked, expired or your own).",
        body: userInviteAcceptRequestSchema,
        response: { 200: userInviteResponseSchema },
      },
    },
    async (request) => {
      const principal = request.principal;
      if (!principal?.ownProfileId) throw new AppError("request_unauthenticated");
      return {
        data: await acceptInvite(db, {
          code: request.body.code,
          userId: principal.userId,
          profileId: principal.ownProfileId,
        }),
      };
    },
  );
};
