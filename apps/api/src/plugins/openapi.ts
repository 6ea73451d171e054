import swagger, { type SwaggerTransform, type SwaggerTransformObject } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import {
  type EndpointDefinition,
  type ErrorCode,
  endpointList,
  errorBodySchema,
  errorMessage,
  errorStatus,
  type Policy,
  whoLevels,
} from "@vn/contract";
import type { FastifyInstance, FastifySchema } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { Config } from "../config";
import { version } from "../lib/version";

/**
 * The OpenAPI document at /api/docs/json (and its UI at /api/docs), built from the routes: the
 * Zod schemas through fastify-type-provider-zod, and from each route's policy (route.config.policy)
 * and endpoint table row (route.config.endpointId → contract endpointList) the operation's
 * security and the errors it can answer with. test/openapi.test.ts lints it with Redocly.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Verified Network API",
        version,
        description:
          "REST API of the verified social and publishing network. Bearer or cookie session auth; every failure answers `{error:{code,message,details}}` (the ErrorBody schema) with the status the error catalogue gives its code.",
      },
      servers: [{ url: config.API_ORIGIN.replace(/\/+$/, ""), description: "This deployment" }],
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", description: "The session token (sign-in answers it)." },
          cookie: {
            type: "apiKey",
            in: "cookie",
            name: "better-auth.session_token",
            description: "The session cookie the web app holds.",
          },
        },
      },
    },
    // Paths stay whole ("/api/v1/…"): the server URL is the origin, whatever path it may carry.
    stripBasePath: false,
    transform: documentRoute,
    transformObject: documentObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}

type Schema = Record<string, unknown>;
interface RouteConfig {
  policy?: Policy;
  endpointId?: string;
  rateLimit?: unknown;
}

const rows = new Map<string, EndpointDefinition>(endpointList.map((row) => [row.id, row.endpoint]));
const errorBodyRef = `#/components/schemas/${String(errorBodySchema.meta()?.id ?? "ErrorBody")}`;
const sessionSecurity = [{ bearer: [] }, { cookie: [] }];

/**
 * One route's operation: the Zod transform, then operationId, security and the error responses.
 * A route the route file set `security` on itself keeps it (a restore token read as a bearer on a
 * route open to anyone).
 */
export const documentRoute: SwaggerTransform = (document) => {
  const transformed = jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
  const schema: Schema = { ...((transformed.schema as Schema | undefined) ?? {}) };
  if (schema.hide) return transformed;
  const { route } = document;
  const routeConfig = (route.config ?? {}) as RouteConfig;
  const policy = routeConfig.policy;
  const row = routeConfig.endpointId ? rows.get(routeConfig.endpointId) : undefined;

  // Routes registered from the endpoint table carry "<group>.<name>" (route.ts). The fallback is
  // for route files not yet moved onto the table; once every module is, it is never used.
  schema.operationId ??= fallbackOperationId(route.method, document.url);
  if (!schema.security && policy) schema.security = policy.who === "anyone" ? [] : sessionSecurity;

  const response: Schema = { ...((schema.response as Schema | undefined) ?? {}) };
  for (const [status, body] of Object.entries(row?.responses ?? {})) {
    if (body === null && !(status in response)) {
      response[status] = { type: "null", description: "Answers without a JSON body." };
    }
  }
  // Without a success status the document would show errors only; Fastify answers 200.
  if (!Object.keys(response).some((status) => Number(status) < 400)) {
    response[200] = { type: "null", description: "Default Response" };
  }
  for (const [status, codes] of errorsByStatus(errorCodesOf(document.schema, routeConfig, row))) {
    if (status in response) continue;
    response[status] = {
      description: codes.map((code) => `- \`${code}\`: ${errorMessage(code)}`).join("\n"),
      content: { "application/json": { schema: { $ref: errorBodyRef } } },
    };
  }
  schema.response = response;
  return { schema: schema as FastifySchema, url: transformed.url };
};

/** "GET /api/v1/content/:id/reactions" → "get.v1.content.by-id.reactions". */
export function fallbackOperationId(method: string | string[], url: string): string {
  const segments = url
    .replace(/^\/api\//, "")
    .split("/")
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(":") ? `by-${segment.slice(1).replace(/\(.*$/, "")}` : segment.replace(/\*/g, "any"),
    );
  return [[method].flat().join("-").toLowerCase(), ...segments].join(".");
}

/**
 * Every error code a route can answer with besides server failures: what its policy refuses with
 * (contract policy.ts refusalOf), what bad input gets (plugins/error-handler.ts), its rate limit,
 * and the codes its row declares.
 */
export function errorCodesOf(
  schema: FastifySchema | undefined,
  config: RouteConfig,
  row: EndpointDefinition | undefined,
): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  const policy = config.policy;
  if (policy && policy.who !== "anyone") {
    codes.add("request_unauthenticated").add("request_invalidSessionToken");
    if (!policy.allowLostActingProfile) codes.add("accountManager_ownerNotFound");
    const level = whoLevels.indexOf(policy.who);
    if (policy.who === "staff" || policy.who === "admin") codes.add("request_forbidden");
    else if (level >= whoLevels.indexOf("active")) {
      codes.add("user_profileNotCompleted");
      if (level >= whoLevels.indexOf("participant")) codes.add("user_notVerified");
      if (policy.who === "verified") codes.add("company_notVerified");
    }
    if (policy.scope) codes.add("accountManager_permissionNotProvided");
    if (policy.feature) codes.add("account_accessForbiddenByPlan");
  }
  if (schema?.body) {
    codes
      .add("request_malformed")
      .add("request_payloadTooLarge")
      .add("request_unsupportedMediaType")
      .add("request_validationFailed");
  }
  if (schema?.querystring || schema?.params) codes.add("request_validationFailed");
  // The global limit covers every route that does not lift it (plugins/rate-limit.ts).
  if (config.rateLimit !== false && policy?.rateLimit !== false) {
    codes.add(policy?.rateLimit ? (policy.rateLimit.code ?? "request_tooMany") : "request_tooMany");
  }
  // A change made with the session cookie from another origin (policy/guard.ts isForeignChange).
  if (row && row.method !== "GET") codes.add("request_foreignOrigin");
  for (const code of row?.errors ?? []) codes.add(code);
  return [...codes];
}

function errorsByStatus(codes: readonly ErrorCode[]): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = errorStatus(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/**
 * The document: the components the Zod registry holds ($refs of schemas with `.meta({ id })`),
 * kept to the ones the operations reach, so each $ref resolves and no component goes unused.
 */
export const documentObject: SwaggerTransformObject = (document) => {
  const full = JSON.parse(JSON.stringify(jsonSchemaTransformObject(document)), nameRecordKeys) as {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = full.components?.schemas ?? {};
  const { schemas: _all, ...otherComponents } = full.components ?? {};
  const reached = new Set<string>();
  const pending = schemaRefs({ ...full, components: otherComponents });
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (reached.has(name) || !(name in schemas)) continue;
    reached.add(name);
    pending.push(...schemaRefs(schemas[name]));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  return { ...full, components: { ...full.components, schemas: kept } } as ReturnType<SwaggerTransformObject>;
};

/** Names of the component schemas a value refers to ("#/components/schemas/<name>"). */
function schemaRefs(value: unknown): string[] {
  const names: string[] = [];
  const prefix = "#/components/schemas/";
  JSON.stringify(value, (key, item) => {
    if (key === "$ref" && typeof item === "string" && item.startsWith(prefix)) {
      names.push(decodeURIComponent(item.slice(prefix.length)).replace(/~1/g, "/").replace(/~0/g, "~"));
    }
    return item;
  });
  return names;
}

/**
 * Zod writes a record over an enum (`z.record(z.enum([...]), v)`) as propertyNames + required +
 * additionalProperties; naming each key under `properties` says the same, and lets readers (and
 * Redocly's no-required-schema-properties-undefined) see the required keys.
 */
function nameRecordKeys(_key: string, value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const schema = value as Schema;
  const keys = (schema.propertyNames as { enum?: unknown } | undefined)?.enum;
  const each = schema.additionalProperties;
  if (schema.properties || !Array.isArray(keys) || typeof each !== "object" || each === null) return value;
  return { ...schema, properties: Object.fromEntries(keys.map((key) => [String(key), each])) };
}
