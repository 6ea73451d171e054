/**
 * The typed API client, built from the contract's endpoint table (packages/contract/src/endpoints):
 * `api.<group>.<name>(input)` calls one row, e.g. `api.social.follow({ params: { slug } })`. Its
 * inputs are typed by the row's params, query and body schemas, and its answer is the success body
 * parsed by the row's own response schema (the wire shape: `{data}`, `{data, meta}`, or the bare
 * objects of the /api/auth routes). No path is written by hand anywhere in the web.
 *
 * Every call goes through `request()` (src/lib/api.ts), so the §4 response rules, the timeout, the
 * bearer token and the error handling (ApiError) are the ones every call has always had.
 */
import {
  type BodyInput,
  type EndpointDefinition,
  type EndpointGroup,
  type Endpoints,
  endpoints,
  fillPath,
  type ParamsInput,
  type QueryInput,
  type ResponseOf,
  toQueryString,
} from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import type { z } from "zod";
import { type ApiResponse, type RequestOptions, request } from "./api";
import { ApiError } from "./api-error";

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

export interface ApiCall<E extends EndpointDefinition> {
  (...args: ArgsOf<CallInput<E>>): Promise<ResponseOf<E>>;
  /** The row this call sends. */
  readonly endpoint: E;
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
export function endpointPath(endpoint: EndpointDefinition, input?: LooseInput): string {
  const path = fillPath(relativePath(endpoint.path), input?.params as Record<string, unknown> | undefined);
  const query = queryOf(input);
  return query ? `${path}${toQueryString(query)}` : path;
}

/** The browser's URL of a call ("/api/v1/…"); parameters filled, query added as `endpointPath` does. */
export function endpointHref(endpoint: EndpointDefinition, input?: LooseInput): string {
  return `${API_PREFIX}${endpointPath(endpoint, input)}`;
}

/** The statuses a row answers with on success, in the table's order. */
function successStatuses(endpoint: EndpointDefinition): number[] {
  return Object.keys(endpoint.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
}

/**
 * The success body parsed by the row's schema for the status that came (or its first success
 * schema when the status is not listed). A row without a JSON body (`null`: 204, bytes, pages)
 * gives undefined. A body that does not match its schema is an error, not data.
 */
export function parseResponse<E extends EndpointDefinition>(
  endpoint: E,
  status: number,
  body: unknown,
): ResponseOf<E> {
  const listed = endpoint.responses[status];
  const schema = listed !== undefined ? listed : endpoint.responses[successStatuses(endpoint)[0] ?? -1];
  if (!schema) return undefined as ResponseOf<E>;
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new ApiError(status, "response_invalid", commonMessages.somethingWentWrong, result.error.issues);
  }
  return result.data as ResponseOf<E>;
}

function callOf<E extends EndpointDefinition>(endpoint: E, id: string, send: Send): ApiCall<E> {
  const call = async (input?: LooseInput) => {
    const response = await send(relativePath(fillPath(endpoint.path, input?.params as never)), {
      method: endpoint.method,
      query: queryOf(input),
      body: input?.body,
      headers: input?.headers,
      signal: input?.signal,
      token: input?.token,
      timeoutMs: input?.timeoutMs,
      // The row's schema describes the whole answer, envelope included.
      envelope: true,
    });
    return parseResponse(endpoint, response.status, response.data);
  };
  return Object.assign(call, {
    endpoint,
    id,
    path: (input?: LooseInput) => endpointPath(endpoint, input),
    href: (input?: LooseInput) => endpointHref(endpoint, input),
  }) as unknown as ApiCall<E>;
}

/** One typed call per row of the table, grouped as the table is. */
export function createApiClient<T extends Record<string, EndpointGroup>>(
  table: T,
  send: Send = request,
): ApiClient<T> {
  return Object.fromEntries(
    Object.entries(table).map(([group, rows]) => [
      group,
      Object.fromEntries(
        Object.entries(rows).map(([name, endpoint]) => [name, callOf(endpoint, `${group}.${name}`, send)]),
      ),
    ]),
  ) as unknown as ApiClient<T>;
}

/** The web's client of the whole API. */
export const api: ApiClient<Endpoints> = createApiClient(endpoints);
