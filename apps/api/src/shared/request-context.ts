import { AsyncLocalStorage } from "node:async_hooks";
import type { SessionActor } from "@vn/contract";

/**
 * What the current request is, for code far below the route that must record it (the audit log):
 * the request id and the actor. Set by the policy guard for every HTTP request; jobs and webhooks
 * run outside any request and record themselves as the system.
 */
export interface RequestContext {
  requestId: string;
  actor: SessionActor | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runInRequestContext<T>(context: RequestContext, run: () => T): T {
  return storage.run(context, run);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
