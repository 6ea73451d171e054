import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  unreadCountResponseSchema,
} from "@vn/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actingProfileId } from "../content/rules";
import { listNotifications, markAllRead, markRead, unreadCount } from "./service";

const tags = ["notifications"];

/** The acting profile's notifications (issue 6), on API v1; new ones also arrive as the `notification` socket event. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    "/notifications",
    {
      config: { access: "session" },
      schema: {
        tags,
        summary: "Notifications of the acting profile, newest first, with the unread count",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema },
      },
    },
    async (request) => {
      const result = await listNotifications(db(), actingProfileId(request.principal!), request.query);
      return {
        data: result.items,
        meta: {
          perPage: request.query.perPage,
          nextCursor: result.nextCursor,
          unreadCount: result.unreadCount,
        },
      };
    },
  );

  app.get(
    "/notifications/unread-count",
    {
      config: { access: "session" },
      schema: { tags, summary: "The unread badge", response: { 200: unreadCountResponseSchema } },
    },
    async (request) => ({
      data: { unreadCount: await unreadCount(db(), actingProfileId(request.principal!)) },
    }),
  );

  app.post(
    "/notifications/:id/read",
    {
      config: { access: "session" },
      schema: {
        tags,
        summary: "Mark one notification read",
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: unreadCountResponseSchema },
      },
    },
    async (request) => ({
      data: { unreadCount: await markRead(db(), actingProfileId(request.principal!), request.params.id) },
    }),
  );

  app.post(
    "/notifications/read-all",
    {
      config: { access: "session" },
      schema: { tags, summary: "Mark every notification read", response: { 200: unreadCountResponseSchema } },
    },
    async (request) => ({
      data: { unreadCount: await markAllRead(db(), actingProfileId(request.principal!)) },
    }),
  );
};
