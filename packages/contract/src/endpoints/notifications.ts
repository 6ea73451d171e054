import { idParamsSchema } from "../schemas/common";
import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  unreadCountResponseSchema,
} from "../schemas/notifications";
import { endpoint } from "./define";

const tags = ["notifications"];

/**
 * The acting profile's notifications (issue 6), on API v1; new ones also arrive as the
 * `notification` socket event.
 */
export const notificationsEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/notifications",
    tags,
    summary: "Notifications of the acting profile, newest first, with the unread count",
    query: notificationListQuerySchema,
    responses: { 200: notificationListResponseSchema },
    policy: { who: "session" },
    errors: ["user_profileNotCompleted"],
  }),
  unreadCount: endpoint({
    method: "GET",
    path: "/api/v1/notifications/unread-count",
    tags,
    summary: "The unread badge",
    responses: { 200: unreadCountResponseSchema },
    policy: { who: "session" },
    errors: ["user_profileNotCompleted"],
  }),
  markRead: endpoint({
    method: "POST",
    path: "/api/v1/notifications/:id/read",
    tags,
    summary: "Mark one notification read",
    params: idParamsSchema,
    responses: { 200: unreadCountResponseSchema },
    policy: { who: "session" },
    errors: ["request_notFound", "user_profileNotCompleted"],
  }),
  markAllRead: endpoint({
    method: "POST",
    path: "/api/v1/notifications/read-all",
    tags,
    summary: "Mark every notification read",
    responses: { 200: unreadCountResponseSchema },
    policy: { who: "session" },
    errors: ["user_profileNotCompleted"],
  }),
};
