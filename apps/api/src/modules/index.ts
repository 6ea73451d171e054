import { type EventBus, events } from "../shared/events";
import { subscribeNotifications } from "./notifications/subscribers";

const subscribed = new WeakSet<EventBus>();

/**
 * Subscribes every module to the domain events it reacts to (shared/events.ts), once per bus.
 * buildApp calls it, and so does startJobs (a job publishes, and its subscribers must hear it).
 */
export function subscribeModules(bus: EventBus = events): void {
  if (subscribed.has(bus)) return;
  subscribed.add(bus);
  subscribeNotifications(bus);
}
