/**
 * Reads the API from server components with the visitor's cookie forwarded, so owners see their
 * drafts and personalised fields (isOwner, followed) in the first HTML. Never cached: pages are
 * per-visitor.
 */
import { cookies } from "next/headers";
import { apiUrl } from "@/lib/api";

export interface ServerResult<T> {
  status: number;
  data: T | null;
  meta?: unknown;
  headers?: Headers;
}

export async function serverGet<T>(
  path: string,
  query?: Record<string, string | number | boolean | undefined>,
): Promise<ServerResult<T>> {
  const cookie = (await cookies()).toString();
  try {
    const response = await fetch(apiUrl(path, query), {
      headers: { Accept: "application/json", ...(cookie ? { Cookie: cookie } : {}) },
      cache: "no-store",
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) return { status: response.status, data: null, headers: response.headers };
    const body = (await response.json()) as { data: T; meta?: unknown };
    return { status: response.status, data: body.data, meta: body.meta, headers: response.headers };
  } catch {
    // The API is unreachable: the page renders its fallback and the client retries.
    return { status: 0, data: null };
  }
}
