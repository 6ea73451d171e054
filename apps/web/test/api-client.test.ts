import {
  actionRefusal,
  type Comment,
  type CompanyMemberRole,
  can,
  endpoint,
  endpointList,
  entitlementsOf,
  entitlementsOfPlanFeatures,
  features,
  permissionsForRole,
  personalPermissions,
  type SessionUser,
  sessionUserSchema,
} from "@vn/contract";
import { routes } from "@vn/contract/routes";
import { describe, expect, expectTypeOf, it, vi } from "vitest";
import { z } from "zod";
import { permissionsOf } from "../src/features/comments/comment-state";
import { actorOf } from "../src/lib/actor";
import type { ApiResponse, RequestOptions } from "../src/lib/api";
import {
  type AnswerOf,
  api,
  createApiClient,
  endpointHref,
  endpointPath,
  type Route,
  relativePath,
  type Send,
} from "../src/lib/api-client";
import { ApiError } from "../src/lib/api-error";

const item = z.object({ id: z.string(), title: z.string() });

/** A small table of its own: the client must not depend on what the real one holds today. */
const table = {
  things: {
    list: endpoint({
      method: "GET",
      path: "/api/v2/owners/:slug/things",
      tags: ["t"],
      summary: "list",
      params: z.object({ slug: z.string() }),
      query: z.object({ cursor: z.string().optional(), perPage: z.coerce.number().default(20) }),
      responses: {
        200: z.object({ data: z.array(item), meta: z.object({ nextCursor: z.string().nullable() }) }),
      },
      policy: { who: "anyone" },
    }),
    create: endpoint({
      method: "POST",
      path: "/api/v1/things",
      tags: ["t"],
      summary: "create",
      body: z.object({ title: z.string() }),
      responses: { 201: z.object({ data: item }), 202: z.object({ data: item }) },
      policy: { who: "active" },
    }),
    remove: endpoint({
      method: "DELETE",
      path: "/api/v1/things/:id",
      tags: ["t"],
      summary: "remove",
      params: z.object({ id: z.string() }),
      responses: { 204: z.null() },
      policy: { who: "active" },
    }),
    upload: endpoint({
      method: "POST",
      path: "/api/v1/things/upload",
      tags: ["t"],
      summary: "upload",
      rawBody: true,
      responses: { 201: z.object({ data: item }) },
      policy: { who: "active" },
    }),
    page: endpoint({
      method: "GET",
      path: "/api/dev/page",
      tags: ["t"],
      summary: "an HTML page",
      responses: { 200: null },
      policy: { who: "anyone" },
    }),
    signIn: endpoint({
      method: "POST",
      path: "/api/auth/sign-in/email",
      tags: ["t"],
      summary: "bare answer",
      body: z.object({ email: z.string() }),
      responses: { 200: z.object({ token: z.string() }) },
      policy: { who: "anyone" },
    }),
  },
};

function fakeSend(status: number, data: unknown) {
  const calls: Array<{ path: string; options: RequestOptions }> = [];
  const send: Send = async (path, options) => {
    calls.push({ path, options });
    return { data, status, headers: new Headers() } satisfies ApiResponse<unknown>;
  };
  return { calls, send: vi.fn(send) };
}

describe("paths from the table", () => {
  it("strips /api: request() and the SWR keys take paths relative to it", () => {
    expect(relativePath("/api/v1/users/me")).toBe("/v1/users/me");
    expect(relativePath("/api/auth/sign-out")).toBe("/auth/sign-out");
    expect(() => relativePath("/v1/users/me")).toThrow();
    expect(() => relativePath("/apiary")).toThrow();
  });

  it("fills parameters (encoded) and adds the query by the §5 rules", () => {
    const row = table.things.list;
    expect(endpointPath(row, { params: { slug: "a b/c" } })).toBe("/v2/owners/a%20b%2Fc/things");
    expect(endpointPath(row, { params: { slug: "x" }, query: { cursor: "k", perPage: 5, empty: "" } })).toBe(
      "/v2/owners/x/things?cursor=k&perPage=5",
    );
    expect(endpointHref(row, { params: { slug: "x" } })).toBe("/api/v2/owners/x/things");
    expect(() => endpointPath(row, {})).toThrow(/slug/);
  });

  it("gives each call its id, route, path and href", () => {
    const client = createApiClient(table, fakeSend(200, null).send);
    expect(client.things.list.id).toBe("things.list");
    expect(client.things.list.route).toBe(table.things.list);
    expect(client.things.list.path({ params: { slug: "x" }, query: { perPage: 3 } })).toBe(
      "/v2/owners/x/things?perPage=3",
    );
    expect(client.things.page.href()).toBe("/api/dev/page");
  });

  it("covers every row of the real table, from its schema-free routes", () => {
    for (const { id, endpoint: row } of endpointList) {
      const [group, name] = id.split(".") as [keyof typeof api, string];
      const call = (api[group] as unknown as Record<string, { id: string; route: Route }>)[name];
      expect(call?.id).toBe(id);
      // The browser's row: method and paths only, no schema (so no zod in the web's first load).
      const { method, path, alsoAt } = row;
      expect(call?.route).toEqual(alsoAt ? { method, path, alsoAt } : { method, path });
      expect(relativePath(row.path)).toMatch(/^\//);
    }
    expect(api.social.follow.route).toBe(routes.social.follow);
    expect(api.accounts.me.path()).toBe("/v1/users/me");
    expect(api.social.relationship.path({ params: { slug: "jane" } })).toBe("/v1/profiles/jane/relationship");
  });
});

describe("calls", () => {
  it("sends the row's method, path, query and JSON body through request() and answers what came", async () => {
    const answer = { data: [{ id: "1", title: "One" }], meta: { nextCursor: null } };
    const { calls, send } = fakeSend(200, answer);
    const client = createApiClient(table, send);
    const controller = new AbortController();
    const page = await client.things.list({
      params: { slug: "jane" },
      query: { cursor: "c1" },
      signal: controller.signal,
      headers: { "X-Test": "1" },
    });
    // Trusted, not parsed: the API writes it from the row's schema (decision 0027, session 11).
    expect(page).toBe(answer);
    expect(calls).toEqual([
      {
        path: "/v2/owners/jane/things",
        options: {
          method: "GET",
          query: { cursor: "c1" },
          body: undefined,
          headers: { "X-Test": "1" },
          signal: controller.signal,
          token: undefined,
          timeoutMs: undefined,
          envelope: true,
        },
      },
    ]);
  });

  it("passes a bearer token and a timeout on", async () => {
    const { calls, send } = fakeSend(200, { token: "t" });
    const client = createApiClient(table, send);
    expect(await client.things.signIn({ body: { email: "a@b.c" }, token: "restore", timeoutMs: 5 })).toEqual({
      token: "t",
    });
    expect(calls[0]?.path).toBe("/auth/sign-in/email");
    expect(calls[0]?.options).toMatchObject({
      method: "POST",
      body: { email: "a@b.c" },
      token: "restore",
      timeoutMs: 5,
    });
  });

  it("sends a raw body as given", async () => {
    const { calls, send } = fakeSend(201, { data: { id: "1", title: "f" } });
    const client = createApiClient(table, send);
    const form = new FormData();
    form.append("file", new Blob(["x"]), "x.txt");
    await client.things.upload({ body: form });
    expect(calls[0]?.options.body).toBe(form);
  });

  it("runs from a table of routes alone (method and path), as the web's `api` does", async () => {
    const { calls, send } = fakeSend(201, { data: { id: "3", title: "t" } });
    const client = createApiClient<typeof table>(
      {
        things: {
          list: { method: "GET", path: "/api/v2/owners/:slug/things" },
          create: { method: "POST", path: "/api/v1/things" },
          remove: { method: "DELETE", path: "/api/v1/things/:id" },
          upload: { method: "POST", path: "/api/v1/things/upload" },
          page: { method: "GET", path: "/api/dev/page" },
          signIn: { method: "POST", path: "/api/auth/sign-in/email" },
        },
      },
      send,
    );
    expect(await client.things.create({ body: { title: "t" } })).toEqual({ data: { id: "3", title: "t" } });
    expect(calls[0]).toMatchObject({ path: "/v1/things", options: { method: "POST", body: { title: "t" } } });
    expect(client.things.list.href({ params: { slug: "j" }, query: { cursor: "" } })).toBe(
      "/api/v2/owners/j/things",
    );
    expectTypeOf(client.things.list).returns.resolves.toEqualTypeOf<{
      data: { id: string; title: string }[];
      meta: { nextCursor: string | null };
    }>();
  });

  it("answers whichever success status came", async () => {
    const client = createApiClient(table, fakeSend(202, { data: { id: "2", title: "later" } }).send);
    expect(await client.things.create({ body: { title: "later" } })).toEqual({
      data: { id: "2", title: "later" },
    });
  });

  it("answers null for a 204", async () => {
    expect(
      await createApiClient(table, fakeSend(204, null).send).things.remove({ params: { id: "1" } }),
    ).toBe(null);
  });

  it("lets request() failures through untouched", async () => {
    const error = new ApiError(404, "content_notFound", "gone");
    const client = createApiClient(table, () => Promise.reject(error));
    await expect(client.things.remove({ params: { id: "1" } })).rejects.toBe(error);
  });

  it("is typed from the row", () => {
    const client = createApiClient(table, fakeSend(200, null).send);
    expectTypeOf(client.things.list).parameter(0).toMatchTypeOf<{ params: { slug: string } }>();
    expectTypeOf(client.things.list).returns.resolves.toEqualTypeOf<{
      data: { id: string; title: string }[];
      meta: { nextCursor: string | null };
    }>();
    expectTypeOf(client.things.remove).returns.resolves.toEqualTypeOf<null>();
    expectTypeOf(client.things.page).returns.resolves.toEqualTypeOf<undefined>();
    expectTypeOf(client.things.upload)
      .parameter(0)
      .toMatchTypeOf<{ body: FormData | Blob | URLSearchParams }>();
    expectTypeOf(api.accounts.me).returns.resolves.toEqualTypeOf<{ data: SessionUser }>();
    expectTypeOf<AnswerOf<typeof api.accounts.me>>().toEqualTypeOf<{ data: SessionUser }>();
    expectTypeOf(api.social.follow).parameter(0).toMatchTypeOf<{ params: { slug: string } }>();
  });
});

// The Actor and the comment rule ------------------------------------------------------------------

const planFeatures = (owner: "user" | "company", tier: "basic" | "premium") => {
  const values = entitlementsOf({ owner, tier });
  return Object.fromEntries(
    features.map((feature) => [
      feature,
      values[feature] === Number.POSITIVE_INFINITY ? null : values[feature],
    ]),
  );
};

/** Jane, acting as herself or for Acme in `role`; her own (IDV) status is `personStatus`. */
function sessionUser(
  role: CompanyMemberRole | null,
  personStatus: SessionUser["authBy"]["verificationStatus"] = "verified",
): SessionUser {
  const owner = role ? "company" : "user";
  const subscription = (o: "user" | "company") => ({
    canUseTrial: false,
    lastActive: null,
    publicId: "s1",
    current: {
      plan: {
        slug: o === "company" ? ("premium" as const) : ("basic" as const),
        title: "Plan",
        ownerType: o,
        currency: "USD" as const,
        price: { monthly: 0, annual: 0 },
        period: "monthly" as const,
        features: planFeatures(o, o === "company" ? "premium" : "basic"),
      },
      addons: [],
      badge: null,
    },
    next: null,
  });
  return sessionUserSchema.parse({
    id: role ? "company-1" : "person-1",
    userId: "user-1",
    type: { id: owner, title: owner },
    permissions: role ? permissionsForRole(role) : personalPermissions(),
    verifiedAt: null,
    verificationStatus: "verified",
    isManager: role === "owner" || role === "manager",
    staffRole: null,
    twoFactorEnabled: false,
    staffNeedsTwoFactor: false,
    limitedUntil: null,
    privacy: "public_verified",
    status: { id: "active", title: "Active" },
    name: role ? "Acme" : "Jane",
    email: "jane@example.com",
    emailVerified: true,
    phone: null,
    slug: role ? "acme" : "jane",
    image: null,
    countCompanyProfiles: role ? 1 : 0,
    isProfileWizardCompleted: true,
    isCompanyWizardCompleted: true,
    comments: { canComment: true, defaultMode: "open" },
    dateOfBirth: null,
    hasUnfinishedOnboarding: false,
    subscription: subscription(owner),
    authBy: {
      id: "person-1",
      slug: "jane",
      name: "Jane",
      verificationStatus: personStatus,
      verifiedAt: null,
      authAsCompanyOwner: role !== null,
      privacy: "public_verified",
      image: null,
      subscription: subscription("user"),
    },
  });
}

describe("actorOf", () => {
  it("is null for visitors", () => {
    expect(actorOf(null)).toBeNull();
  });

  it("is limited while a moderation limit lasts: write controls hide, reading stays (issue 16)", () => {
    const free = actorOf(sessionUser(null));
    expect(free?.limited).toBe(false);
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const limited = actorOf({ ...sessionUser(null), limitedUntil: until });
    expect(limited?.limited).toBe(true);
    for (const action of ["content.write", "comments.write", "follows.write", "reactions.write"] as const) {
      expect(can(free, action), action).toBe(true);
      expect(can(limited, action), action).toBe(false);
    }
    expect(actionRefusal(limited, "content.write")).toEqual({ code: "account_limited" });
    // Reading one's own things is not a write.
    expect(can(limited, "team.view", { ownerProfileId: "person-1" })).toBe(true);
    // A limit that has ended no longer counts, even before the session is fetched again.
    const ended = actorOf({ ...sessionUser(null), limitedUntil: new Date(Date.now() - 1000).toISOString() });
    expect(ended?.limited).toBe(false);
    expect(can(ended, "content.write")).toBe(true);
  });

  it("builds the person acting as themselves", () => {
    const actor = actorOf(sessionUser(null, "not_verified"));
    expect(actor).toMatchObject({
      userId: "user-1",
      userStatus: "active",
      profileId: "person-1",
      profileSlug: "jane",
      profileType: "user",
      ownProfileId: "person-1",
      companyRole: null,
      verificationStatus: "verified",
      personVerificationStatus: "not_verified",
      staffRole: null,
      actingProfileLost: false,
    });
    expect(actor?.entitlements).toEqual(entitlementsOf({ owner: "user", tier: "basic" }));
  });

  it("reads the company role from the scopes, and unlimited (null) limits as Infinity", () => {
    for (const role of ["owner", "manager", "company_employee"] as const) {
      const actor = actorOf(sessionUser(role));
      expect(actor?.companyRole).toBe(role);
      expect(actor?.permissions).toEqual(permissionsForRole(role));
      expect(actor?.entitlements["team.membersIncluded"]).toBe(Number.POSITIVE_INFINITY);
    }
    expect(entitlementsOfPlanFeatures({ "messenger.use": true })["content.schedule"]).toBe(false);
  });

  it("lets can() answer as the API would", () => {
    const person = actorOf(sessionUser(null));
    expect(can(person, "comments.write")).toBe(true);
    // Issue 12: commenting waits for the person's own verification.
    expect(can(actorOf(sessionUser(null, "not_verified")), "comments.write")).toBe(false);
    expect(can(person, "content.schedule")).toBe(false);
    expect(can(actorOf(sessionUser("owner")), "content.schedule")).toBe(true);
  });
});

describe("comment permissions of a live comment (the contract's can())", () => {
  const liveComment = (authorId: string, parentId: string | null = null): Comment => ({
    id: "c1",
    contentId: "x1",
    parentId,
    body: "hi",
    author: {
      id: authorId,
      slug: "who",
      name: "Who",
      type: "user",
      verificationStatus: "verified",
      image: null,
    },
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    edited: false,
    pinned: false,
    replyCount: 0,
    image: null,
  });

  it("gives visitors nothing and keeps the server's verdict when there is one", () => {
    expect(permissionsOf(liveComment("p"), { actor: null, ownerProfileId: "p" })).toEqual({
      edit: false,
      delete: false,
      pin: false,
    });
    const given = { ...liveComment("p"), permissions: { edit: true, delete: true, pin: false } };
    expect(permissionsOf(given, { actor: null, ownerProfileId: "p" })).toEqual(given.permissions);
  });

  it("lets the author edit and delete, and the owner of the publication moderate", () => {
    const jane = actorOf(sessionUser(null));
    expect(permissionsOf(liveComment("person-1"), { actor: jane, ownerProfileId: "other" })).toEqual({
      edit: true,
      delete: true,
      pin: false,
    });
    expect(permissionsOf(liveComment("someone"), { actor: jane, ownerProfileId: "person-1" })).toEqual({
      edit: false,
      delete: true,
      pin: true,
    });
    expect(
      permissionsOf(liveComment("someone", "head"), { actor: jane, ownerProfileId: "person-1" }),
    ).toEqual({
      edit: false,
      delete: true,
      pin: false,
    });
  });

  it("follows company scopes: an employee (comments: manage) does not moderate the company's publications", () => {
    const onCompanyItem = { ownerProfileId: "company-1" };
    const employee = actorOf(sessionUser("company_employee"));
    expect(permissionsOf(liveComment("someone"), { actor: employee, ...onCompanyItem })).toEqual({
      edit: false,
      delete: false,
      pin: false,
    });
    const manager = actorOf(sessionUser("manager"));
    expect(permissionsOf(liveComment("someone"), { actor: manager, ...onCompanyItem })).toMatchObject({
      delete: true,
      pin: true,
    });
  });
});
