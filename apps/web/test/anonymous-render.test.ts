import fs from "node:fs";
import path from "node:path";
// @ts-expect-error: Next's own copy of path-to-regexp (untyped), the one its rewrites match with
import { compile, match } from "next/dist/compiled/path-to-regexp";
import { describe, expect, it } from "vitest";
import {
  ANONYMOUS_REVALIDATE_SECONDS,
  anonymousMaxAgeSeconds,
  anonymousRenderPath,
  anonymousRewriteRules,
  VISITOR_RENDER_HEADER,
} from "../src/features/content/anonymous-render";
import { resolveSlugRoute } from "../src/features/content/content-routes";
import { visitorViewSubject } from "../src/features/content/visitor-view";

/** What next.config.ts finds in src/app (a sample: the rule only needs "these are not slugs"). */
const staticRoutes = ["blog", "companies", "create", "faq", "login", "not-found", "search", "settings"];
const none = new URLSearchParams();
const rewrite = (path: string, query = none) => anonymousRenderPath(path, query, staticRoutes);

describe("which cookie-less requests get the cached anonymous render (docs/decisions/0010)", () => {
  it("profile routes with or without a tab or section", () => {
    expect(rewrite("/anna")).toBe("/anna/~anonymous");
    expect(rewrite("/anna/")).toBe("/anna/~anonymous");
    expect(rewrite("/anna/feed")).toBe("/anna/~anonymous/feed");
    expect(rewrite("/anna/profile/connect")).toBe("/anna/~anonymous/profile/connect");
    expect(rewrite("/anna/videos")).toBe("/anna/~anonymous/videos");
  });

  it("detail routes in both forms, and the owner's recordings", () => {
    expect(rewrite("/anna/posts/hello-1")).toBe("/anna/~anonymous/posts/hello-1");
    expect(rewrite("/anna/quote/q-1")).toBe("/anna/~anonymous/quote/q-1");
    expect(rewrite("/news/launch-1")).toBe("/news/~anonymous/launch-1");
    expect(rewrite("/anna/recordings/video")).toBe("/anna/~anonymous/recordings/video");
  });

  it("keeps the path as received (percent-encoding included)", () => {
    expect(rewrite("/anna%2Eb/posts/caf%C3%A9")).toBe("/anna%2Eb/~anonymous/posts/caf%C3%A9");
  });

  it("the post overlay's query is read by the client only, so it does not stop the cache", () => {
    const overlay = new URLSearchParams({
      postSlug: "hello-1",
      ownerSlug: "anna",
      gallery: "2",
      navigate: "true",
      textOnly: "true",
      initiator: "/anna",
      owner: "false",
      disableRefresh: "true",
    });
    expect(rewrite("/anna/posts/hello-1", overlay)).toBe("/anna/~anonymous/posts/hello-1");
  });

  it("a query the server reads (viewas, a recording's item) is rendered per request", () => {
    expect(rewrite("/anna", new URLSearchParams({ viewas: "live" }))).toBeNull();
    expect(rewrite("/anna/recordings/podcast", new URLSearchParams({ item: "ep-2" }))).toBeNull();
  });

  it("never the app's own routes, edit pages, network pages or unknown shapes", () => {
    expect(rewrite("/")).toBeNull();
    expect(rewrite("/faq")).toBeNull();
    expect(rewrite("/search")).toBeNull();
    expect(rewrite("/companies/feed")).toBeNull();
    expect(rewrite("/anna/posts/hello-1/edit")).toBeNull();
    expect(rewrite("/anna/network/followers")).toBeNull();
    expect(rewrite("/anna/nothing-here")).toBeNull();
    expect(rewrite("/anna/a/b/c/d")).toBeNull();
    expect(rewrite("/_next/thing")).toBeNull();
    expect(rewrite("/anna/%E0%A4%A")).toBeNull();
  });

  it("never rewrites the anonymous render's own address", () => {
    expect(rewrite("/anna/~anonymous")).toBeNull();
    expect(rewrite("/~anonymous")).toBeNull();
  });
});

describe("next.config.ts's rewrites agree with the rule", () => {
  const rules = anonymousRewriteRules(staticRoutes);
  /** Where Next's first matching rewrite sends a cookie-less request without query, or null. */
  const viaConfig = (path: string): string | null => {
    for (const rule of rules) {
      const found = match(rule.source, { decode: decodeURIComponent })(path) as
        | { params: Record<string, string> }
        | false;
      if (found) return compile(rule.destination, { encode: encodeURIComponent })(found.params) as string;
    }
    return null;
  };
  const samples = [
    "/anna",
    "/anna/feed",
    "/anna/media",
    "/anna/connect",
    "/anna/people",
    "/anna/profile",
    "/anna/profile/feed",
    "/anna/profile/people",
    "/anna/videos",
    "/anna/files",
    "/anna/recordings/video",
    "/anna/recordings/podcast",
    "/anna/posts/hello-1",
    "/anna/releases/r-1",
    "/anna/news/n-1",
    "/anna/articles/a-1",
    "/anna/quote/q-1",
    "/anna.b-c/events/e-1",
    "/news/launch-1",
    "/events/e-1",
    "/files/f-1",
    // Never rewritten:
    "/",
    "/faq",
    "/search",
    "/companies/feed",
    "/api/health",
    "/anna/posts/hello-1/edit",
    "/anna/network/followers",
    "/anna/network/suggested",
    "/anna/recordings/audio",
    "/anna/nothing-here",
    "/anna/a/b/c/d",
    "/_next/static/x",
    "/anna/~anonymous",
  ];

  it.each(samples)("%s", (path) => {
    const expected = anonymousRenderPath(path, none, staticRoutes);
    expect(viaConfig(path)).toBe(expected);
  });

  it("applies only without a session cookie and without a query the server reads", () => {
    for (const rule of rules.filter((candidate) => !candidate.has)) {
      expect(rule.missing).toEqual(
        expect.arrayContaining([
          { type: "cookie", key: "better-auth.session_token" },
          { type: "cookie", key: "__Secure-better-auth.session_token" },
          { type: "query", key: "viewas" },
          { type: "query", key: "item" },
        ]),
      );
    }
  });

  it("applies to a signed-in request only when the proxy marked it (decision 0028)", () => {
    const marked = rules.filter((rule) => rule.has);
    // Each path shape once for cookie-less visitors, once for marked signed-in viewers.
    expect(marked).toHaveLength(rules.length / 2);
    for (const rule of marked) {
      expect(rule.has).toEqual([{ type: "header", key: VISITOR_RENDER_HEADER }]);
      expect(rule.missing).toEqual([
        { type: "query", key: "viewas" },
        { type: "query", key: "item" },
      ]);
    }
  });

  it("sends only paths the page resolves to a profile, detail or recordings screen", () => {
    for (const path of samples) {
      const to = viaConfig(path);
      if (!to) continue;
      const [first, , ...rest] = to.split("/").filter(Boolean).map(decodeURIComponent);
      expect(["profile", "detail", "recordings"]).toContain(resolveSlugRoute(first ?? "", rest).screen);
    }
  });
});

describe("the freshness window", () => {
  it("is fresh for 5 s, and the route's literal revalidate time agrees", () => {
    expect(ANONYMOUS_REVALIDATE_SECONDS).toBe(5);
    const route = fs.readFileSync(
      path.join(import.meta.dirname, "../src/app/(site)/[slug]/~anonymous/[[...rest]]/page.tsx"),
      "utf8",
    );
    expect(route).toContain(`export const revalidate = ${ANONYMOUS_REVALIDATE_SECONDS};`);
  });

  it("is never served older than 30 s, or ANONYMOUS_PAGE_MAX_AGE_SECONDS", () => {
    expect(anonymousMaxAgeSeconds({})).toBe(30);
    expect(anonymousMaxAgeSeconds({ ANONYMOUS_PAGE_MAX_AGE_SECONDS: "2" })).toBe(2);
    expect(anonymousMaxAgeSeconds({ ANONYMOUS_PAGE_MAX_AGE_SECONDS: "90" })).toBe(90);
  });

  it("ignores values that are not whole positive seconds", () => {
    expect(anonymousMaxAgeSeconds({ ANONYMOUS_PAGE_MAX_AGE_SECONDS: "0" })).toBe(30);
    expect(anonymousMaxAgeSeconds({ ANONYMOUS_PAGE_MAX_AGE_SECONDS: "soon" })).toBe(30);
    expect(anonymousMaxAgeSeconds({ ANONYMOUS_PAGE_MAX_AGE_SECONDS: "" })).toBe(30);
  });
});

describe("which profile a signed-in request of a cacheable page concerns (docs/decisions/0028)", () => {
  const subject = (path: string, query = none) => visitorViewSubject(path, query, staticRoutes);

  it("the profile itself for its page and tabs, and the owner of a publication or recording", () => {
    expect(subject("/anna")).toEqual({ slug: "anna", profilePage: true });
    expect(subject("/anna/feed")).toEqual({ slug: "anna", profilePage: true });
    expect(subject("/anna/posts/hello-1")).toEqual({ slug: "anna", profilePage: false });
    expect(subject("/anna/recordings/video")).toEqual({ slug: "anna", profilePage: false });
    expect(subject("/anna%2Eb/posts/caf%C3%A9")).toEqual({ slug: "anna.b", profilePage: false });
  });

  it("none where the anonymous render does not answer, or the owner is not in the path", () => {
    expect(subject("/anna", new URLSearchParams({ viewas: "live" }))).toBeNull();
    expect(subject("/anna/posts/hello-1/edit")).toBeNull();
    expect(subject("/search")).toBeNull();
    expect(subject("/news/launch-1")).toBeNull();
  });
});
