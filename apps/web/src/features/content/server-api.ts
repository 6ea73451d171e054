/**
 * Reads the API from server components. Two ways, one per kind of render (docs/decisions/0010):
 *
 * - `serverGet`: the visitor's cookie forwarded, so owners see their drafts and personalised
 *   fields (isOwner, followed) in the first HTML. Never cached: the page is per visitor.
 * - `publicGet`: no cookie, for the anonymous render that every cookie-less visitor shares. It
 *   leaves the fetch's cache mode unset, which in a revalidated (ISR) route means "fetch on every
 *   render, store nothing": the page's own cache is the only one, so its freshness window is the
 *   whole staleness there is (a `cache: "no-store"` would make the route dynamic again).
 */
import { cookies } from "next/headers";
import { apiUrl } from "@/lib/api";

export interface ServerResult<T> {
  status: number;
  data: T | null;
  meta?: unknown;
  headers?: Headers;
}

type Query = Record<string, string | number | boolean | undefined>;

/** A reader of the API for one kind of render (personalised or anonymous). */
export type ServerReader = <T>(path: string, query?: Query) => Promise<ServerResult<T>>;

async function read<T>(path: string, query: Query | undefined, init: RequestInit): Promise<ServerResult<T>> {
  try {
    const response = await fetch(apiUrl(path, query), { ...init, signal: AbortSignal.timeout(15_000) });
    if (!response.ok) return { status: response.status, data: null, headers: response.headers };
    const body = (await response.json()) as { data: T; meta?: unknown };
    return { status: response.status, data: body.data, meta: body.meta, headers: response.headers };
  } catch {
    // The API is unreachable: the page renders its fallback and the client retries.
    return { status: 0, data: null };
  }
}

export async function serverGet<T>(path: string, query?: Query): Promise<ServerResult<T>> {
  const cookie = (await cookies()).toString();
  return read<T>(path, query, {
    headers: { Accept: "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    cache: "no-store",
  });
}

/** As an anonymous visitor: no cookie, nothing personal in the answer. */
export async function publicGet<T>(path: string, query?: Query): Promise<ServerResult<T>> {
  return read<T>(path, query, { headers: { Accept: "application/json" } });
}

/**
 * As an anonymous visitor, kept in Next's data cache for `seconds`: for parts of a personalised
 * page that are the same for everyone (the related sections of a detail page). Only answers that
 * succeeded are worth keeping; the caller falls back to `serverGet` otherwise.
 */
export async function publicGetCached<T>(
  path: string,
  query: Query | undefined,
  seconds: number,
): Promise<ServerResult<T>> {
  return read<T>(path, query, { headers: { Accept: "application/json" }, next: { revalidate: seconds } });
}

/** True when the answer is a transient failure (API unreachable or failing) rather than a fact. */
export function isTransientFailure(result: ServerResult<unknown>): boolean {
  return result.status === 0 || result.status >= 500;
}
