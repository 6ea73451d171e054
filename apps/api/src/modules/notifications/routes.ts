import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { actingProfileId } from "../../shared/acting-profile";
import { listNotifications, markAllRead, markRead, unreadCount } from "./service";

/**
 * The acting profile's notifications (issue 6): handlers for the rows of
 * contract/endpoints/notifications.ts; new ones also arrive as the `notification` socket event.
 */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.notifications;
  const db = () => app.deps.database.db;

  route(app, table.list, async ({ actor, query }) => {
    const result = await listNotifications(db(), actingProfileId(actor), query);
    return {
      data: result.items,
      meta: { perPage: query.perPage, nextCursor: result.nextCursor, unreadCount: result.unreadCount },
    };
  });

  route(app, table.unreadCount, async ({ actor }) => ({
    data: { unreadCount: await unreadCount(db(), actingProfileId(actor)) },
  }));

  route(app, table.markRead, async ({ actor, params }) => ({
    data: { unreadCount: await markRead(db(), actingProfileId(actor), params.id) },
  }));

  route(app, table.markAllRead, async ({ actor }) => ({
    data: { unreadCount: await markAllRead(db(), actingProfileId(actor)) },
  }));
};
