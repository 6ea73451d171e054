import type { z } from "zod";
import type { ErrorCode } from "../errors";
import type { Policy } from "../policy";

/**
 * One row of the endpoint table: everything the API needs to register a route and the OpenAPI
 * document needs to describe it, and everything the web's typed client needs to call it.
 * Handlers live in the API; the row is what both sides agree on.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface EndpointDefinition {
  method: HttpMethod;
  /** Full path with Fastify parameters: "/api/v1/content/:id/comments". */
  path: string;
  /** The same handler mounted at more paths (the v2 copy of a v1 route, spec §7). */
  alsoAt?: readonly string[];
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * Response schemas by status. A status with `null` answers without a JSON body (204, bytes,
   * redirects); the web client then gets no parsed data.
   */
  responses: Readonly<Record<number, z.ZodType | null>>;
  policy: Policy;
  /** Error codes the handler may answer with, beyond the ones the policy and validation imply. */
  errors?: readonly ErrorCode[];
  /** The body is not JSON (multipart, raw chunks, form-encoded): the web sends it as given. */
  rawBody?: boolean;
  /**
   * How the caller proves who they are, where it differs from what the policy implies (a route
   * open to anyone that reads an explicit token, like account restore): OpenAPI security entries.
   */
  security?: ReadonlyArray<Readonly<Record<string, readonly string[]>>>;
  /** Left out of the OpenAPI document (the docs UI itself, development-only helpers). */
  hidden?: boolean;
}

/** Declares a row, keeping its literal types for the API's handler and the web's client. */
export function endpoint<const E extends EndpointDefinition>(definition: E): E {
  return definition;
}

export type EndpointGroup = Readonly<Record<string, EndpointDefinition>>;

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
type InferInput<S> = S extends z.ZodType ? z.input<S> : undefined;

export type ParamsOf<E extends EndpointDefinition> = Infer<E["params"]>;
export type QueryOf<E extends EndpointDefinition> = Infer<E["query"]>;
export type BodyOf<E extends EndpointDefinition> = Infer<E["body"]>;
/** What a caller sends: schema inputs (defaults may be left out). */
export type ParamsInput<E extends EndpointDefinition> = InferInput<E["params"]>;
export type QueryInput<E extends EndpointDefinition> = InferInput<E["query"]>;
export type BodyInput<E extends EndpointDefinition> = InferInput<E["body"]>;

type SuccessStatus = 200 | 201 | 202 | 204 | 206;
type SuccessSchema<E extends EndpointDefinition> = E["responses"][Extract<
  keyof E["responses"],
  SuccessStatus
>];
/** The success body a handler answers with (schema input) and the client reads (output). */
export type ResponseInput<E extends EndpointDefinition> = InferInput<SuccessSchema<E>>;
export type ResponseOf<E extends EndpointDefinition> = Infer<SuccessSchema<E>>;

/** Substitutes ":name" parameters into a path; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
