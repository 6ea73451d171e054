import type { SessionActor } from "@vn/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import type { Db } from "../src/db/client";
import { notifyChannels } from "../src/db/notifications";
import { companyMembers, profiles, sessions, subscriptions, users } from "../src/db/schema/index";
import { ActorCache, type ResolvedActor } from "../src/policy/actor-cache";
import { createCompany, createPerson, type PersonInput, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { cutListeners, readUntil, unheard as unheardWrite, waitFor, withSecondNode } from "./support/nodes";
import { bearerFor } from "./support/sessions";

/**
 * The node's cache of session actors (decision 0033): a signed-in request does not read its
 * session again, and every write to what an actor is made of is heard before the next request,
 * on this node at once and on another node as soon as PostgreSQL delivers the notification.
 */
let testDb: TestDatabase;
let app: App;
const db = () => testDb.database.db;
let seq = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "1000000" }), {
    database: testDb.database,
    policyProbe: true,
  });
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

async function person(extra: Partial<PersonInput> = {}) {
  seq++;
  return createPerson(db(), {
    name: `Cache Person ${seq}`,
    email: `cache${seq}@cache.example`,
    slug: `cache.person.${10 + seq}`,
    verificationStatus: "verified",
    ...extra,
  });
}

/** What the guard answers a route for these headers: "allowed" or "<status> <code>". */
async function probe(
  node: App,
  method: "GET" | "POST",
  url: string,
  headers: Record<string, string>,
): Promise<string> {
  const res = await node.inject({ method, url, headers: { ...headers, "x-policy-probe": "1" } });
  return res.statusCode === 204 ? "allowed" : `${res.statusCode} ${res.json().error?.code ?? res.body}`;
}
const publish = (node: App, headers: Record<string, string>) =>
  probe(node, "POST", "/api/v1/content", headers);

/** A write made past the triggers: no notification is sent. */
const unheard = (write: (tx: Db) => Promise<unknown>) => unheardWrite(db(), write);

describe("cached session actors", () => {
  it("serve a session's second request from the cache: a change no trigger announced goes unseen", async () => {
    const someone = await person();
    const headers = await bearerFor(db(), someone.userId);
    expect(await publish(app, headers)).toBe("allowed");
    await unheard((tx) => tx.update(users).set({ status: "blocked" }).where(eq(users.id, someone.userId)));
    // Still the actor read before: the session was not looked up again.
    expect(await publish(app, headers)).toBe("allowed");
    // The same change written normally is heard before the next request.
    await db().update(users).set({ status: "blocked" }).where(eq(users.id, someone.userId));
    expect(await publish(app, headers)).toBe("401 request_invalidSessionToken");
  });

  const changes: Array<{
    name: string;
    setup?: (who: SeededPerson) => Promise<{ activeProfileId?: string }>;
    check: (headers: Record<string, string>) => Promise<string>;
    before: string;
    write: (who: SeededPerson, context: { activeProfileId?: string }) => Promise<unknown>;
    after: string;
  }> = [
    {
      name: "a signed-out session (sessions, delete)",
      check: (headers) => publish(app, headers),
      before: "allowed",
      write: (who) => db().delete(sessions).where(eq(sessions.userId, who.userId)),
      after: "401 request_invalidSessionToken",
    },
    {
      name: "an expired session (sessions.expires_at)",
      check: (headers) => publish(app, headers),
      before: "allowed",
      write: (who) =>
        db()
          .update(sessions)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(sessions.userId, who.userId)),
      after: "401 request_invalidSessionToken",
    },
    {
      name: "a moderation limit (users.limited_until)",
      check: (headers) => publish(app, headers),
      before: "allowed",
      write: (who) =>
        db()
          .update(users)
          .set({ limitedUntil: new Date(Date.now() + 86_400_000) })
          .where(eq(users.id, who.userId)),
      after: "403 account_limited",
    },
    {
      name: "a lost verification (profiles.verification_status)",
      check: (headers) => publish(app, headers),
      before: "allowed",
      write: (who) =>
        db()
          .update(profiles)
          .set({ verificationStatus: "not_verified" })
          .where(eq(profiles.id, who.profileId)),
      after: "403 user_notVerified",
    },
    {
      name: "a staff role given (users.staff_role)",
      check: (headers) => probe(app, "GET", "/api/v1/staff/dashboard", headers),
      before: "404 request_notFound",
      write: (who) => db().update(users).set({ staffRole: "admin" }).where(eq(users.id, who.userId)),
      after: "allowed",
    },
    {
      name: "an add-on bought with a paid plan (subscriptions.plan_tier, addons)",
      check: (headers) => probe(app, "GET", "/api/v1/dashboard/insights/viewers", headers),
      before: "403 account_accessForbiddenByPlan",
      write: (who) =>
        db()
          .update(subscriptions)
          .set({ planTier: "standard", addons: [{ type: "spy", quantity: 1 }] })
          .where(eq(subscriptions.ownerProfileId, who.profileId)),
      after: "allowed",
    },
    {
      name: "the acting company deleted (profiles.status)",
      setup: async (who) => {
        seq++;
        const company = await createCompany(db(), {
          name: `Cache Works ${seq}`,
          ownerUserId: who.userId,
          verificationStatus: "verified",
        });
        return { activeProfileId: company.profileId };
      },
      check: (headers) => publish(app, headers),
      before: "allowed",
      write: (_who, { activeProfileId }) =>
        db()
          .update(profiles)
          .set({ status: "deleted_by_user" })
          .where(eq(profiles.id, activeProfileId as string)),
      after: "403 accountManager_ownerNotFound",
    },
    {
      name: "a membership ended (company_members, delete)",
      setup: async (who) => {
        const owner = await person();
        seq++;
        const company = await createCompany(db(), {
          name: `Cache Team ${seq}`,
          ownerUserId: owner.userId,
          verificationStatus: "verified",
        });
        await db()
          .insert(companyMembers)
          .values({ companyId: company.profileId, userId: who.userId, role: "manager" });
        return { activeProfileId: company.profileId };
      },
      check: (headers) => publish(app, headers),
      before: "allowed",
      write: (who) => db().delete(companyMembers).where(eq(companyMembers.userId, who.userId)),
      after: "403 accountManager_ownerNotFound",
    },
  ];

  for (const change of changes) {
    it(`hear ${change.name} before the next request`, async () => {
      const who = await person({ twoFactor: {} });
      const context = (await change.setup?.(who)) ?? {};
      const headers = await bearerFor(db(), who.userId, context.activeProfileId);
      expect(await change.check(headers)).toBe(change.before);
      expect(await change.check(headers)).toBe(change.before);
      await change.write(who, context);
      expect(await change.check(headers)).toBe(change.after);
    });
  }

  it("hear a TRUNCATE, which fires no row trigger", async () => {
    const someone = await person();
    const headers = await bearerFor(db(), someone.userId);
    expect(await publish(app, headers)).toBe("allowed");
    await db().execute(sql`TRUNCATE company_members`);
    await unheard((tx) => tx.update(users).set({ status: "blocked" }).where(eq(users.id, someone.userId)));
    expect(await publish(app, headers)).toBe("401 request_invalidSessionToken");
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "listen on every connection of the pool, so this node's own writes are heard before they return",
    async () => {
      // Several at once, so the pool opens several connections.
      const channels = await Promise.all(
        Array.from({ length: 4 }, () =>
          db().transaction(async (tx) => {
            const result = (await tx.execute(
              sql`SELECT array(SELECT pg_listening_channels()) AS channels`,
            )) as unknown as { rows: Array<{ channels: string[] }> };
            await tx.execute(sql`SELECT pg_sleep(0.05)`);
            return result.rows[0]?.channels;
          }),
        ),
      );
      expect(channels.map((listening) => [...(listening ?? [])].sort())).toEqual(
        Array.from({ length: 4 }, () => [...notifyChannels].sort()),
      );
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "on a second API node, hear a write made through the first within milliseconds",
    () =>
      withSecondNode(testDb.url as string, async (second) => {
        const someone = await person();
        const headers = await bearerFor(db(), someone.userId);
        expect(await publish(second.app, headers)).toBe("allowed");
        expect(await publish(second.app, headers)).toBe("allowed");
        await db().update(users).set({ status: "blocked" }).where(eq(users.id, someone.userId));
        const answer = await readUntil(
          () => publish(second.app, headers),
          (given) => given !== "allowed",
        );
        expect(answer).toBe("401 request_invalidSessionToken");
      }),
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "serve nothing from the cache while the node cannot hear other nodes, and cache again once it listens",
    () =>
      withSecondNode(testDb.url as string, async (second) => {
        const someone = await person();
        const headers = await bearerFor(db(), someone.userId);
        expect(await publish(second.app, headers)).toBe("allowed");
        await cutListeners(testDb.url as string);
        await waitFor(() => !second.database.notifications.live);
        // Unannounced, yet seen: nothing is served from the cache while the node may miss changes.
        await unheard((tx) =>
          tx.update(users).set({ status: "blocked" }).where(eq(users.id, someone.userId)),
        );
        expect(await publish(second.app, headers)).toBe("401 request_invalidSessionToken");
        await unheard((tx) => tx.update(users).set({ status: "active" }).where(eq(users.id, someone.userId)));
        // It reconnects by itself, and caches again.
        await waitFor(() => second.database.notifications.live);
        expect(await publish(second.app, headers)).toBe("allowed");
        await unheard((tx) =>
          tx.update(users).set({ status: "blocked" }).where(eq(users.id, someone.userId)),
        );
        expect(await publish(second.app, headers)).toBe("allowed");
      }),
  );
});

describe("ActorCache", () => {
  const actor = (userId: string) => ({ userId, sessionId: `s-${userId}` }) as SessionActor;
  const resolved = (userId: string, validUntil = Date.now() + 60_000): ResolvedActor => ({
    actor: actor(userId),
    keys: [`u:${userId}`, `p:profile-${userId}`],
    validUntil,
  });
  const live = async () => {
    const cache = new ActorCache();
    let handlers: { live(isLive: boolean): void; message(payload: string): void } | undefined;
    await cache.attach({
      live: true,
      async subscribe(_channel, given) {
        handlers = given;
        given.live(true);
        return () => {};
      },
      async close() {},
    });
    return { cache, handlers: handlers! };
  };

  it("does not keep an actor whose lookup raced a change to it", async () => {
    const { cache } = await live();
    let loads = 0;
    const load = async () => {
      loads++;
      // The change is heard while the lookup is in flight: what it read may be the old row.
      if (loads === 1) cache.changed("p:profile-a");
      return resolved("a");
    };
    await cache.through("digest-a", load);
    await cache.through("digest-a", load);
    expect(loads).toBe(2);
    await cache.through("digest-a", load);
    expect(loads).toBe(2);
  });

  it("reads again after the session's own end, and keeps no unknown token", async () => {
    const { cache } = await live();
    let loads = 0;
    const expired = async () => {
      loads++;
      return resolved("b", Date.now() - 1);
    };
    await cache.through("short", expired);
    await cache.through("short", expired);
    expect(loads).toBe(2);
    expect(await cache.through("unknown", async () => null)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("freezes what it serves, and serves nothing while not live", async () => {
    const { cache, handlers } = await live();
    const served = await cache.through("c", async () => resolved("c"));
    expect(Object.isFrozen(served)).toBe(true);
    handlers.live(false);
    let loads = 0;
    const load = async () => {
      loads++;
      return resolved("c");
    };
    await cache.through("c", load);
    await cache.through("c", load);
    expect(loads).toBe(2);
    handlers.message("*");
    handlers.live(true);
    await cache.through("c", load);
    await cache.through("c", load);
    expect(loads).toBe(3);
  });
});
