import type {
  ContentItem,
  ModerationNotificationKind,
  ReactionKind,
  StaffDecisionNotificationKind,
} from "@vn/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import type { Jobs } from "./jobs";
import type { Realtime } from "./realtime";

/**
 * Domain events: how a side effect crosses modules. The module where something happened emits
 * an event once its transaction has committed; the modules that care subscribe to it
 * (modules/index.ts registers every subscriber when the app or the job runner is built). So
 * content, social and comments never import notifications, and a new reaction to "published"
 * (search, realtime, jobs) is one more subscriber, not one more import in the publisher.
 *
 * In-process and awaited: emit() returns once every subscriber has run, in registration order,
 * within the same request (or job). A subscriber's failure is logged and does not fail the action
 * that emitted, which has already committed, nor keep the other subscribers from running.
 */

/** Every event, by name → what it carries. */
export interface DomainEvents {
  /**
   * A publication became readable by others: created active, a draft or planned item published
   * (by an edit or by the scheduler), or a repost.
   */
  "content.published": { item: ContentItem };
  /** A profile started following another (not repeated for a follow that already existed). */
  "profile.followed": { followerId: string; followeeId: string };
  /** A profile reacted to a publication for the first time (a changed kind is not news). */
  "content.reacted": { actorId: string; contentId: string; ownerId: string; reaction: ReactionKind };
  /**
   * A comment or a reply was written. `threadAuthorId` is the author of the thread's head and
   * `repliedToAuthorId` the author of the comment answered (both null for a top-level comment).
   */
  "comment.created": {
    actorId: string;
    contentId: string;
    ownerId: string;
    commentId: string;
    body: string;
    threadAuthorId: string | null;
    repliedToAuthorId: string | null;
  };
  /**
   * Staff decided what a profile asked for (issue 16): its identity verification or appeal, a
   * company's business verification, a creator application or its appeal. `recipientId` is the
   * profile told (the person, or the company).
   */
  "staff.decided": { recipientId: string; kind: StaffDecisionNotificationKind };
  /**
   * Staff decided on a review-queue subject (issue 16): who is told what — the person a strike
   * concerns (or whose appeal was decided), and the reporters of the outcome. Moderators unnamed.
   */
  "moderation.decided": {
    notices: Array<{ recipientId: string; kind: ModerationNotificationKind; contentId?: string | null }>;
  };
}

export type EventName = keyof DomainEvents;

/** Where an event happened: the database, and this node's socket hub, log and job runner. */
export interface EventContext {
  db: Db;
  realtime?: Realtime;
  log?: FastifyBaseLogger;
  jobs?: Jobs;
}

export type Subscriber<E extends EventName> = (
  context: EventContext,
  payload: DomainEvents[E],
) => Promise<void>;

export class EventBus {
  private readonly subscribers: { [E in EventName]?: Array<Subscriber<E>> } = {};

  on<E extends EventName>(name: E, subscriber: Subscriber<E>): void {
    const list: Array<Subscriber<E>> = this.subscribers[name] ?? [];
    list.push(subscriber);
    this.subscribers[name] = list as (typeof this.subscribers)[E];
  }

  async emit<E extends EventName>(context: EventContext, name: E, payload: DomainEvents[E]): Promise<void> {
    const list: Array<Subscriber<E>> = this.subscribers[name] ?? [];
    for (const subscriber of list) {
      try {
        await subscriber(context, payload);
      } catch (err) {
        context.log?.error({ err, event: name }, "events: a subscriber failed");
      }
    }
  }
}

/** The process's bus: services emit on it, modules/index.ts subscribes the modules to it. */
export const events = new EventBus();

/** Emits on the process's bus (services call this after their transaction commits). */
export function emit<E extends EventName>(
  context: EventContext,
  name: E,
  payload: DomainEvents[E],
): Promise<void> {
  return events.emit(context, name, payload);
}
