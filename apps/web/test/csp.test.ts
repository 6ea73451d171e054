import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  cachedRenderNonce,
  contentSecurityPolicy,
  createNonce,
  servedFromAnonymousRender,
  withContentSecurityPolicy,
} from "../src/lib/csp";

/** Issue 11, item 6: the Content-Security-Policy every page is sent with (src/proxy.ts). */
const directives = (policy: string) =>
  new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the policy", () => {
  it("runs only scripts with the nonce and allows what the app loads", () => {
    const policy = directives(
      contentSecurityPolicy({
        nonce: "abc123==",
        apiOrigin: "https://api.example.com/",
        mediaOrigin: "https://media.example.com",
      }),
    );
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    // Images, video and the socket come from the API (and media) origins.
    expect(policy.get("img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://api.example.com",
      "https://media.example.com",
    ]);
    expect(policy.get("media-src")).toContain("https://media.example.com");
    expect(policy.get("connect-src")).toEqual([
      "'self'",
      "blob:",
      "https://api.example.com",
      "https://media.example.com",
      "wss://api.example.com",
      "https://api.stripe.com",
      "https://m.stripe.network",
    ]);
    // Stripe Elements and 3-D Secure frames, nothing else from outside.
    expect(policy.get("frame-src")).toEqual([
      "'self'",
      "blob:",
      "https://api.example.com",
      "https://media.example.com",
      "https://js.stripe.com",
      "https://hooks.stripe.com",
    ]);
    expect(policy.has("upgrade-insecure-requests")).toBe(false);
  });

  it("adds eval only for next dev, and the upgrade only over HTTPS", () => {
    const dev = directives(contentSecurityPolicy({ nonce: "n", development: true, https: true }));
    expect(dev.get("script-src")).toContain("'unsafe-eval'");
    expect(dev.has("upgrade-insecure-requests")).toBe(true);
    const prod = directives(contentSecurityPolicy({ nonce: "n", apiOrigin: "not a url" }));
    expect(prod.get("script-src")).not.toContain("'unsafe-eval'");
    expect(prod.get("connect-src")).toEqual([
      "'self'",
      "blob:",
      "https://api.stripe.com",
      "https://m.stripe.network",
    ]);
  });

  it("draws a fresh 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
  });
});

describe("the proxy's answer", () => {
  const request = (path: string, cookie?: string) =>
    new NextRequest(`http://127.0.0.1:3000${path}`, { headers: cookie ? { cookie } : {} });

  it("puts the policy on the response and, for Next's renderer, on the request", () => {
    vi.stubEnv("API_ORIGIN", "http://127.0.0.1:4000");
    vi.stubEnv("STATIC_TOP_LEVEL_ROUTES", "faq,login,search,settings");
    const response = withContentSecurityPolicy(request("/settings"));
    const policy = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain(
      "connect-src 'self' blob: http://127.0.0.1:4000 ws://127.0.0.1:4000 https://api.stripe.com",
    );
    expect(response.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
    expect(response.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
    const again = withContentSecurityPolicy(request("/settings")).headers.get("content-security-policy");
    expect(again).not.toBe(policy);
  });

  it("gives the cached anonymous render the build's nonce, and nothing else", () => {
    vi.stubEnv("STATIC_TOP_LEVEL_ROUTES", "faq,login,search,settings");
    expect(servedFromAnonymousRender(request("/anna.kowalski"))).toBe(true);
    expect(servedFromAnonymousRender(request("/anna.kowalski/posts/hello-1"))).toBe(true);
    expect(servedFromAnonymousRender(request("/anna.kowalski?viewas=live"))).toBe(false);
    expect(servedFromAnonymousRender(request("/anna.kowalski", "better-auth.session_token=t.s"))).toBe(false);
    expect(servedFromAnonymousRender(request("/login"))).toBe(false);
    expect(servedFromAnonymousRender(request("/"))).toBe(false);

    const cached = withContentSecurityPolicy(request("/anna.kowalski")).headers.get(
      "content-security-policy",
    );
    expect(cached).toContain(`'nonce-${cachedRenderNonce()}'`);
    expect(withContentSecurityPolicy(request("/anna.kowalski")).headers.get("content-security-policy")).toBe(
      cached,
    );
    expect(cachedRenderNonce("build-1")).not.toBe(cachedRenderNonce("build-2"));
    expect(cachedRenderNonce("build-1")).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  });
});
