import type { EventBus } from "../../shared/events";
import { notify, notifyCommented, notifyPublished } from "./service";

/**
 * Notifications react to what happens elsewhere: publications, follows, reactions, comments, and
 * staff decisions.
 */
export function subscribeNotifications(bus: EventBus): void {
  bus.on("content.published", (context, { item }) => notifyPublished(context, item));
  bus.on("profile.followed", (context, { followerId, followeeId }) =>
    notify(context, [{ recipientId: followeeId, actorId: followerId, kind: "follow" }]),
  );
  bus.on("content.reacted", (context, { actorId, contentId, ownerId, reaction }) =>
    notify(context, [{ recipientId: ownerId, actorId, kind: "reaction", contentId, reaction }]),
  );
  bus.on("comment.created", (context, event) => notifyCommented(context, event));
  // A staff decision: the recipient is their own actor (staff stay unnamed).
  bus.on("staff.decided", (context, { recipientId, kind }) =>
    notify(context, [{ recipientId, actorId: recipientId, kind, aboutSelf: true }]),
  );
  // A moderation decision (issue 16): each recipient is their own actor too.
  bus.on("moderation.decided", (context, { notices }) =>
    notify(
      context,
      notices.map((n) => ({ ...n, actorId: n.recipientId, aboutSelf: true })),
    ),
  );
}
