/**
 * Reads the API from server components. Two ways, one per kind of render (docs/decisions/0010):
 *
 * - `serverGet`: the visitor's cookie forwarded, so owners see their drafts and personalised
 *   fields (isOwner, followed) in the first HTML. Never cached: the page is per visitor.
 * - `publicGet`: no cookie, for the anonymous render that every cookie-less visitor shares. It
 *   leaves the fetch's cache mode unset, which in a revalidated (ISR) route means "fetch on every
 *   render, store nothing": the page's own cache is the only one, so its freshness window is the
 *   whole staleness there is (a `cache: "no-store"` would make the route dynamic again).
 *
 * Both prove the web server to the API with WEB_FORWARD_SECRET (issue 11): `serverGet` names the
 * visitor, so each visitor spends their own rate-limit budget instead of all sharing the web
 * server's; `publicGet` names none (its render is shared by every visitor) and counts as the
 * web server's own read.
 */
import { type EndpointDefinition, endpointList, type ResponseOf } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { cookies, headers } from "next/headers";
import { apiUrl, forwardingHeaders } from "@/lib/api";
import { type ApiCall, type ArgsOf, endpointPath, type PathInput } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";

type DataOf<Body> = Body extends { data: infer Data } ? Data : never;
type MetaOf<Body> = Body extends { meta: infer Meta } ? Meta : undefined;

/** One read of a `{data, meta?}` row: its data and meta, or null data with the status that came. */
export interface ServerResult<Data, Meta = unknown> {
  status: number;
  data: Data | null;
  meta?: Meta;
  headers?: Headers;
}

export type ServerResultOf<E extends EndpointDefinition> = ServerResult<
  DataOf<ResponseOf<E>>,
  MetaOf<ResponseOf<E>>
>;

/** A reader of the API for one kind of render (personalised or anonymous): a GET of the typed client. */
export type ServerReader = <E extends EndpointDefinition>(
  call: ApiCall<E>,
  ...input: ArgsOf<PathInput<E>>
) => Promise<ServerResultOf<E>>;

/** The full rows by id: the server parses answers (the browser's client trusts them, see api-client). */
const rows = new Map<string, EndpointDefinition>(endpointList.map((row) => [row.id, row.endpoint]));

/** The success body parsed by the row's schema for the status that came (else its first success schema). */
export function parseResponse<E extends EndpointDefinition>(call: ApiCall<E>, status: number, body: unknown) {
  const endpoint = rows.get(call.id);
  if (!endpoint) throw new Error(`${call.id} is not in the endpoint table`);
  const success = Object.keys(endpoint.responses).find((code) => Number(code) >= 200 && Number(code) < 300);
  const listed = endpoint.responses[status];
  const schema =
    listed !== undefined ? listed : success === undefined ? null : endpoint.responses[Number(success)];
  if (!schema) return undefined as ResponseOf<E>;
  const result = schema.safeParse(body);
  if (!result.success)
    throw new ApiError(status, "response_invalid", commonMessages.somethingWentWrong, result.error.issues);
  return result.data as ResponseOf<E>;
}

async function read<E extends EndpointDefinition>(
  call: ApiCall<E>,
  input: PathInput<E> | undefined,
  init: RequestInit,
): Promise<ServerResultOf<E>> {
  try {
    const url = apiUrl(endpointPath(call.route, input));
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    if (!response.ok) return { status: response.status, data: null, headers: response.headers };
    // Parsed by the row's schema like every answer; one that does not match counts as a failure.
    const body = parseResponse(call, response.status, await response.json()) as {
      data: DataOf<ResponseOf<E>>;
      meta?: MetaOf<ResponseOf<E>>;
    };
    return { status: response.status, data: body.data, meta: body.meta, headers: response.headers };
  } catch {
    // The API is unreachable (or answered nonsense): the page renders its fallback and the client retries.
    return { status: 0, data: null };
  }
}

export const serverGet: ServerReader = async (call, ...[input]) => {
  const cookie = (await cookies()).toString();
  const visitor = (await headers()).get("x-forwarded-for");
  return read(call, input, {
    headers: {
      Accept: "application/json",
      ...forwardingHeaders(visitor),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    cache: "no-store",
  });
};

/** As an anonymous visitor: no cookie, nothing personal in the answer. */
export const publicGet: ServerReader = (call, ...[input]) =>
  read(call, input, { headers: { Accept: "application/json", ...forwardingHeaders() } });

/**
 * As an anonymous visitor, kept in Next's data cache for `seconds`: for parts of a personalised
 * page that are the same for everyone (the related sections of a detail page). Only answers that
 * succeeded are worth keeping; the caller falls back to `serverGet` otherwise.
 */
export async function publicGetCached<E extends EndpointDefinition>(
  call: ApiCall<E>,
  input: PathInput<E>,
  seconds: number,
): Promise<ServerResultOf<E>> {
  return read(call, input, {
    headers: { Accept: "application/json", ...forwardingHeaders() },
    next: { revalidate: seconds },
  });
}

/** True when the answer is a transient failure (API unreachable or failing) rather than a fact. */
export function isTransientFailure(result: ServerResult<unknown, unknown>): boolean {
  return result.status === 0 || result.status >= 500;
}
