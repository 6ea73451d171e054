import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * CORS for the web app's origins, as @fastify/cors answered with our options (origin: the list,
 * credentials, methods, exposed headers, maxAge 600, strict preflight, 204), in one callback hook
 * with every header value computed once (issue 17): the plugin merged its options per request and
 * built the route's options object even for a request with no Origin, which is nearly all of the
 * traffic that is not a browser's cross-origin call.
 *
 * What every response carries, Origin or not (as before): `Vary: Origin` (a cache must not hand a
 * response made for one origin to another), `Access-Control-Allow-Credentials: true` and the
 * exposed headers. `Access-Control-Allow-Origin` only when the Origin is one of ours. A preflight
 * (OPTIONS with Origin and Access-Control-Request-Method) is answered 204 here, before the guard,
 * with the methods, the requested headers reflected, `Vary: Access-Control-Request-Headers` and
 * max-age; an OPTIONS without them is answered 400 "Invalid Preflight Request".
 */
export interface CorsOptions {
  origins: readonly string[];
  methods: readonly string[];
  exposedHeaders: readonly string[];
  maxAge: number;
}

export function registerCors(app: FastifyInstance, options: CorsOptions): void {
  const allowed = new Set(options.origins);
  const methods = options.methods.join(", ");
  const exposed = options.exposedHeaders.join(", ");
  const maxAge = String(options.maxAge);
  // A response with no Vary yet (every one, at onRequest) and no Origin gets these, in one call.
  const common = Object.freeze({
    vary: "Origin",
    "access-control-allow-credentials": "true",
    "access-control-expose-headers": exposed,
  });

  app.addHook("onRequest", (request, reply, done) => {
    const origin = request.headers.origin;
    if (origin === undefined && request.raw.method !== "OPTIONS" && !reply.hasHeader("vary")) {
      // Not a cross-origin call (nearly all traffic): the constant headers, and nothing else.
      reply.headers(common);
      return done();
    }
    addToVary(reply, "Origin");
    if (origin !== undefined && allowed.has(origin)) reply.header("access-control-allow-origin", origin);
    reply.header("access-control-allow-credentials", "true");
    reply.header("access-control-expose-headers", exposed);
    if (request.raw.method !== "OPTIONS") return done();
    if (!origin || !request.headers["access-control-request-method"]) {
      reply.status(400).type("text/plain").send("Invalid Preflight Request");
      return;
    }
    reply.header("access-control-allow-methods", methods);
    addToVary(reply, "Access-Control-Request-Headers");
    const requested = request.headers["access-control-request-headers"];
    if (requested !== undefined) reply.header("access-control-allow-headers", requested);
    reply.header("access-control-max-age", maxAge);
    // Safari waits for a body on a 204 without Content-Length.
    reply.code(204).header("content-length", "0").send();
  });

  // Lets the router take a preflight to any path; the hook above answers every OPTIONS request
  // before a handler would run, so this one is never reached with a preflight of ours.
  app.options("*", { schema: { hide: true } }, (_request, reply) => {
    reply.callNotFound();
  });
}

/** Adds a field name to Vary as @fastify/cors did: kept if there, and a "*" among them wins. */
function addToVary(reply: FastifyReply, field: string): void {
  let header = reply.getHeader("vary");
  if (!header) {
    reply.header("vary", field);
    return;
  }
  if (header === "*") return;
  if (Array.isArray(header)) header = header.join(", ");
  const text = String(header);
  const names = text
    .trim()
    .toLowerCase()
    .split(",")
    .map((name) => name.replace(/^[ \t]+|[ \t]+$/g, ""))
    .filter(Boolean);
  if (names.includes("*")) reply.header("vary", "*");
  else if (!names.includes(field.toLowerCase())) reply.header("vary", `${text}, ${field}`);
}
