import { randomUUID } from "node:crypto";
import {
  type Action,
  type Actor,
  can,
  entitlementsOf,
  permissionsForRole,
  type VerificationStatus,
} from "@vn/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { createContent, createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Issue 12: the verification gates of product-decisions.md, as a matrix. Each gated action is
 * tried through the real API by a person in each verification status: refused with 403
 * user_notVerified where the table says "may not", and let through (to the handler's own answer)
 * where it says "may". Messaging and buying a plan have no routes yet; their rules are checked
 * where the web asks them (contract `can`), which is the same rule the routes will declare.
 */
const statuses: VerificationStatus[] = [
  "not_verified",
  "pending",
  "failed",
  "rejection",
  "appealed",
  "verified",
];
const readOnly = new Set<VerificationStatus>(["rejection", "appealed"]);

let testDb: TestDatabase;
let app: App;
let target: { slug: string; contentId: string };

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_NAMESPACE: `vn-gates-${randomUUID()}:` }), {
    database: testDb.database,
  });
  const owner = await createPerson(testDb.database.db, {
    name: "Gate Keeper",
    email: "gate.keeper@example.com",
    slug: "gate.keeper.12",
    verificationStatus: "verified",
  });
  const item = await createContent(testDb.database.db, {
    ownerId: owner.profileId,
    kind: "post",
    content: "Something to comment on, react to and repost.",
    repostsEnabled: true,
  });
  target = { slug: owner.slug, contentId: item.id };
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

async function personIn(status: VerificationStatus) {
  const id = randomUUID().slice(0, 8);
  const seeded = await createPerson(testDb.database.db, {
    name: `Gate ${status}`,
    email: `gate-${id}@example.com`,
    slug: `gate.${id}.12`,
    verificationStatus: status,
  });
  return bearerFor(testDb.database.db, seeded.userId);
}

type Attempt = (headers: Record<string, string>) => Promise<{ statusCode: number; code?: string }>;
const send =
  (method: "POST" | "PUT", url: () => string, payload?: () => unknown): Attempt =>
  async (headers) => {
    const res = await app.inject({ method, url: url(), headers, payload: payload?.() as object | undefined });
    return { statusCode: res.statusCode, code: res.statusCode >= 400 ? res.json().error?.code : undefined };
  };

/** The gated actions, and which statuses may take each (product-decisions.md, gates table). */
const actions: Array<{ name: string; attempt: Attempt; allowed: (s: VerificationStatus) => boolean }> = [
  {
    name: "publish",
    attempt: send(
      "POST",
      () => "/api/v1/content",
      () => ({ kind: "post", content: "Hello" }),
    ),
    allowed: (s) => s === "verified",
  },
  {
    name: "comment",
    attempt: send(
      "POST",
      () => `/api/v1/content/${target.contentId}/comments`,
      () => ({ body: "Nice" }),
    ),
    allowed: (s) => s === "verified",
  },
  {
    name: "repost",
    attempt: send(
      "POST",
      () => `/api/v1/content/${target.contentId}/reposts`,
      () => ({}),
    ),
    allowed: (s) => s === "verified",
  },
  {
    name: "create a company",
    attempt: send(
      "POST",
      () => "/api/v1/companies",
      // Two digits: a handle with fewer needs Premium (random hex alone had fewer 3% of the time).
      () => ({ name: "Gate Co", slug: `gate.co.${randomUUID().slice(0, 6)}.12` }),
    ),
    allowed: (s) => s === "verified",
  },
  {
    name: "follow",
    attempt: send("POST", () => `/api/v1/profiles/${target.slug}/follow`),
    allowed: (s) => !readOnly.has(s),
  },
  {
    name: "react",
    attempt: send(
      "PUT",
      () => `/api/v1/content/${target.contentId}/reactions`,
      () => ({ kind: "like" }),
    ),
    allowed: (s) => !readOnly.has(s),
  },
];

describe("the verification gates, through the API", () => {
  for (const status of statuses) {
    for (const action of actions) {
      const may = action.allowed(status);
      it(`${status}: ${may ? "may" : "may not"} ${action.name}`, async () => {
        const result = await action.attempt(await personIn(status));
        if (may) {
          expect(result.statusCode, JSON.stringify(result)).toBeLessThan(300);
        } else {
          expect(result).toEqual({ statusCode: 403, code: "user_notVerified" });
        }
      });
    }
  }

  it("a read-only person may still look at their verification and appeal", async () => {
    const headers = await personIn("rejection");
    const state = await app.inject({ method: "GET", url: "/api/v1/users/me/verification", headers });
    expect(state.statusCode).toBe(200);
    expect(state.json().data).toMatchObject({ status: "rejection", summary: "rejected" });
  });
});

describe("the same rules where the web asks them", () => {
  const actor = (status: VerificationStatus): Actor => ({
    userId: "u",
    userStatus: "active",
    profileId: "p",
    profileSlug: "p",
    profileType: "user",
    ownProfileId: "p",
    companyRole: null,
    permissions: permissionsForRole("owner"),
    verificationStatus: status,
    personVerificationStatus: status,
    staffRole: null,
    entitlements: entitlementsOf({ owner: "user", tier: "premium", addons: [] }),
    actingProfileLost: false,
  });
  const gated: Array<[Action, (s: VerificationStatus) => boolean]> = [
    ["content.write", (s) => s === "verified"],
    ["comments.write", (s) => s === "verified"],
    ["company.create", (s) => s === "verified"],
    ["messenger.use", (s) => s === "verified"],
    ["billing.manage", (s) => s === "verified"],
    ["follows.write", (s) => !readOnly.has(s)],
    ["reactions.write", (s) => !readOnly.has(s)],
    ["verification.start", (s) => !readOnly.has(s)],
    ["verification.appeal", () => true],
  ];
  for (const status of statuses) {
    it(`${status}`, () => {
      const got = Object.fromEntries(gated.map(([action]) => [action, can(actor(status), action)]));
      const want = Object.fromEntries(gated.map(([action, allowed]) => [action, allowed(status)]));
      expect(got).toEqual(want);
    });
  }
});
