import type { Counters } from "../../plugins/rate-limit";
import type { StorageProvider } from "../../providers/storage/index";
import type { EventContext } from "../../shared/events";

/**
 * What the messenger's services need besides the database: the socket hub (live events), the
 * job runner (the one-minute unread notice) and the shared counters (abuse limits: new
 * conversations a day, messages a minute per conversation). Each is optional, so jobs and tests
 * call the same functions with what they have.
 */
export interface ChatDeps extends EventContext {
  counters?: Counters;
  /** Where a deleted message's files are removed from. */
  storage?: StorageProvider;
}
