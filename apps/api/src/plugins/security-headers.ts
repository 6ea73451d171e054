import type { FastifyInstance } from "fastify";

/**
 * Security headers for a JSON API, set once per request from a frozen table. @fastify/helmet
 * computes the same headers per request through a middleware adapter and halved throughput on
 * /api/health (docs/decisions/0003-security-headers.md); an API needs only these. HTML it serves
 * (the docs page) sets its own CSP on its own routes.
 */
const headers = Object.freeze({
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-site",
  "referrer-policy": "no-referrer",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
});

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(headers);
    reply.header("x-request-id", request.id);
    done();
  });
}
