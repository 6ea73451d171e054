/**
 * The typed API client: `api.<group>.<name>(input)` calls one row of the contract's endpoint table
 * (packages/contract/src/endpoints), e.g. `api.social.follow({ params: { slug } })`. Its inputs are
 * typed by the row's params, query and body schemas and its answer by the row's response schema
 * (the wire shape: `{data}`, `{data, meta}`, or the bare objects of the /api/auth routes). No path
 * is written by hand anywhere in the web.
 *
 * The types come from the full table (`import type`, erased at build); what runs is built from
 * `@vn/contract/routes`, the same table without its schemas (generated from it), so no route of the
 * web carries zod and every schema for its API calls (decision 0027, session 11). Answers are
 * trusted, not parsed: the API writes each one from its row's schema (defaults included, only the
 * declared fields), so the wire data is already in the schema's output shape.
 *
 * Every call goes through `request()` (src/lib/api.ts), so the §4 response rules, the timeout, the
 * bearer token and the error handling (ApiError) are the ones every call has always had.
 */
import type {
  BodyInput,
  EndpointDefinition,
  EndpointGroup,
  Endpoints,
  HttpMethod,
  ParamsInput,
  QueryInput,
  ResponseOf,
} from "@vn/contract";
import { fillPath } from "@vn/contract/endpoints/define";
import { routes } from "@vn/contract/routes";
import { toQueryString } from "@vn/contract/url";
import type { z } from "zod";
import { type ApiResponse, type RequestOptions, request } from "./api";

/** A body the client sends as given (rows with `rawBody: true`: multipart, raw bytes, form-encoded). */
export type RawBody = FormData | Blob | URLSearchParams;

type QueryValue = string | number | boolean | null | undefined;

type ParamsPart<E extends EndpointDefinition> = E["params"] extends z.ZodType
  ? { params: ParamsInput<E> }
  : { params?: undefined };
type QueryPart<E extends EndpointDefinition> = E["query"] extends z.ZodType
  ? // A query whose fields all have defaults (or are optional) may be left out.
    object extends QueryInput<E>
    ? { query?: QueryInput<E> }
    : { query: QueryInput<E> }
  : { query?: undefined };
type BodyPart<E extends EndpointDefinition> = E["rawBody"] extends true
  ? { body: RawBody }
  : E["body"] extends z.ZodType
    ? undefined extends BodyInput<E>
      ? { body?: BodyInput<E> }
      : { body: BodyInput<E> }
    : { body?: undefined };

/** Where a call goes: the row's parameters and query. */
export type PathInput<E extends EndpointDefinition> = ParamsPart<E> & QueryPart<E>;

/** What one call takes: the row's inputs and the request's own options. */
export type CallInput<E extends EndpointDefinition> = PathInput<E> &
  BodyPart<E> & {
    signal?: AbortSignal;
    headers?: Record<string, string>;
    /** Bearer token for calls that take one explicitly (restore, complete removal: spec §7). */
    token?: string;
    timeoutMs?: number;
  };

/** The argument list: optional when nothing in it is required. */
export type ArgsOf<Input> = object extends Input ? [input?: Input] : [input: Input];

/** What the client reads of a row when it runs: the browser's table has nothing else. */
export interface Route {
  readonly method: HttpMethod;
  /** Full path with Fastify parameters: "/api/v1/content/:id/comments". */
  readonly path: string;
  /** The same handler mounted at more paths (the v2 copy of a v1 route). */
  readonly alsoAt?: readonly string[];
}

export interface ApiCall<E extends EndpointDefinition> {
  (...args: ArgsOf<CallInput<E>>): Promise<ResponseOf<E>>;
  /** The row this call sends: its method and path (no schemas; the types carry those). */
  readonly route: Route;
  /** "<group>.<name>", as in the OpenAPI document. */
  readonly id: string;
  /**
   * The path relative to /api with parameters and query filled in ("/v1/profiles/jane/relationship"):
   * what `request()` takes, and the SWR key of a GET.
   */
  path(...args: ArgsOf<PathInput<E>>): string;
  /** The browser's URL of the row ("/api/v1/…"), for links, XMLHttpRequest and plain fetches. */
  href(...args: ArgsOf<PathInput<E>>): string;
}

/** The full row of a call, for types: `EndpointOf<typeof api.social.feed>`. */
export type EndpointOf<C> = C extends ApiCall<infer E> ? E : never;
/** The answer of a call: `AnswerOf<typeof api.social.feed>` is the feed's `{data, meta}`. */
export type AnswerOf<C> = ResponseOf<EndpointOf<C>>;

/** The runtime table a client is built from: every row of `T` with at least its method and path. */
export type RoutesOf<T extends Record<string, EndpointGroup>> = {
  readonly [G in keyof T]: { readonly [N in keyof T[G]]: Route };
};

export type ApiClient<T extends Record<string, EndpointGroup>> = {
  [G in keyof T]: { [N in keyof T[G]]: T[G][N] extends EndpointDefinition ? ApiCall<T[G][N]> : never };
};

/** What the client sends with: `request()` in the app; a fake in tests. */
export type Send = (path: string, options: RequestOptions) => Promise<ApiResponse<unknown>>;

const API_PREFIX = "/api";

/** A row's path relative to /api ("/api/v1/users/me" → "/v1/users/me"). */
export function relativePath(path: string): string {
  if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`))
    throw new Error(`Endpoint path ${path} is not under ${API_PREFIX}`);
  return path.slice(API_PREFIX.length) || "/";
}

/** A call's input as the functions below read it (the typed forms are CallInput and PathInput). */
export interface LooseInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  token?: string;
  timeoutMs?: number;
}

function queryOf(input: LooseInput | undefined): Record<string, QueryValue> | undefined {
  return input?.query ? (input.query as Record<string, QueryValue>) : undefined;
}

/**
 * The path of a call relative to /api: parameters substituted (URI-encoded) and the query added
 * by the same rules `request()` applies (§5: empty values dropped).
 */
export function endpointPath(endpoint: Route, input?: LooseInput): string {
  const path = fillPath(relativePath(endpoint.path), input?.params as Record<string, unknown> | undefined);
  const query = queryOf(input);
  return query ? `${path}${toQueryString(query)}` : path;
}

/** The browser's URL of a call ("/api/v1/…"); parameters filled, query added as `endpointPath` does. */
export function endpointHref(endpoint: Route, input?: LooseInput): string {
  return `${API_PREFIX}${endpointPath(endpoint, input)}`;
}

function callOf(route: Route, id: string, send: Send) {
  const call = async (input?: LooseInput) => {
    const response = await send(relativePath(fillPath(route.path, input?.params as never)), {
      method: route.method,
      query: queryOf(input),
      body: input?.body,
      headers: input?.headers,
      signal: input?.signal,
      token: input?.token,
      timeoutMs: input?.timeoutMs,
      // The row's schema describes the whole answer, envelope included.
      envelope: true,
    });
    // Trusted as typed (see the top of this file); a 204 answers null.
    return response.data;
  };
  return Object.assign(call, {
    route,
    id,
    path: (input?: LooseInput) => endpointPath(route, input),
    href: (input?: LooseInput) => endpointHref(route, input),
  });
}

/**
 * One typed call per row of the table, grouped as the table is: typed by `T` (a full table), run
 * from `table` (its routes; a full table is one too).
 */
export function createApiClient<T extends Record<string, EndpointGroup>>(
  table: T | RoutesOf<T>,
  send: Send = request,
): ApiClient<T> {
  return Object.fromEntries(
    Object.entries(table).map(([group, rows]) => [
      group,
      Object.fromEntries(
        Object.entries(rows as Record<string, Route>).map(([name, route]) => [
          name,
          callOf(route, `${group}.${name}`, send),
        ]),
      ),
    ]),
  ) as unknown as ApiClient<T>;
}

/** The web's client of the whole API: typed by the endpoint table, run from its routes. */
export const api: ApiClient<Endpoints> = createApiClient<Endpoints>(routes);
