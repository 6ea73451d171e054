import type { ProfilePage } from "@vn/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { companyInvites, kybTransactions, profiles, subscriptions } from "../src/db/schema/index";
import { createCompany, createContent, createPerson, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { cutListeners, readUntil, unheard, waitFor, withSecondNode } from "./support/nodes";
import { bearerFor } from "./support/sessions";

/**
 * Visitors' profile pages kept per API node (decision 0034): the second visitor's request does not
 * read the page again, and every write the page is made of is heard before the next request, on
 * this node at once and on another node as soon as PostgreSQL delivers the notification.
 */
let testDb: TestDatabase;
let app: App;
const db = () => testDb.database.db;
let seq = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "1000000" }), { database: testDb.database });
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

async function person(): Promise<SeededPerson & { name: string }> {
  seq++;
  const name = `Page Person ${seq}`;
  const seeded = await createPerson(db(), {
    name,
    email: `page${seq}@pages.example`,
    slug: `page.person.${10 + seq}`,
    verificationStatus: "verified",
  });
  return { ...seeded, name };
}

/** What a visitor without a session gets for the slug: the page, or "<status> <code>". */
async function visit(node: App, slug: string): Promise<ProfilePage | string> {
  const res = await node.inject({ method: "GET", url: `/api/v2/profiles/${slug}` });
  return res.statusCode === 200
    ? (res.json() as { data: ProfilePage }).data
    : `${res.statusCode} ${res.json().error?.code}`;
}
async function page(node: App, slug: string): Promise<ProfilePage> {
  const answer = await visit(node, slug);
  if (typeof answer === "string") throw new Error(`expected a page for ${slug}, got ${answer}`);
  return answer;
}

describe("visitors' profile pages", () => {
  it("serve the second visit from the cache: a change no trigger announced goes unseen", async () => {
    const someone = await person();
    expect((await page(app, someone.slug)).user.name).toBe(someone.name);
    await unheard(db(), (tx) =>
      tx.update(profiles).set({ name: "Unannounced" }).where(eq(profiles.id, someone.profileId)),
    );
    // Another casing of the slug is the same entry.
    expect((await page(app, someone.slug.toUpperCase())).user.name).toBe(someone.name);
    // The same change written normally is heard before the next request.
    await db().update(profiles).set({ name: "Announced" }).where(eq(profiles.id, someone.profileId));
    expect((await page(app, someone.slug)).user.name).toBe("Announced");
  });

  it("never serve a signed-in viewer the visitor's entry", async () => {
    const someone = await person();
    const viewer = await person();
    await page(app, someone.slug);
    await unheard(db(), (tx) =>
      tx.update(profiles).set({ name: "Read for the viewer" }).where(eq(profiles.id, someone.profileId)),
    );
    const res = await app.inject({
      method: "GET",
      url: `/api/v2/profiles/${someone.slug}`,
      headers: await bearerFor(db(), viewer.userId),
    });
    expect(res.json().data.user.name).toBe("Read for the viewer");
    expect(res.json().data.followed).toBe(false);
  });

  const changes: Array<{
    name: string;
    /** What the visitor sees of the page (or the refusal), before and after the write. */
    seen: (answer: ProfilePage | string) => unknown;
    before: unknown;
    write: (who: SeededPerson) => Promise<unknown>;
    after: unknown;
  }> = [
    {
      name: "an edit through the API (profiles.about)",
      seen: (answer) => typeof answer !== "string" && answer.user.about,
      before: null,
      write: async (who) => {
        const res = await app.inject({
          method: "PATCH",
          url: "/api/v1/users/me/general-info",
          headers: await bearerFor(db(), who.userId),
          payload: { about: "Edited through the API." },
        });
        expect(res.statusCode, res.body).toBe(200);
      },
      after: "Edited through the API.",
    },
    {
      name: "a new follower through the API (profiles.followers_count)",
      seen: (answer) => typeof answer !== "string" && answer.followersCount,
      before: 0,
      write: async (who) => {
        const follower = await person();
        const res = await app.inject({
          method: "POST",
          url: `/api/v1/profiles/${who.slug}/follow`,
          headers: await bearerFor(db(), follower.userId),
        });
        expect(res.statusCode, res.body).toBeLessThan(300);
      },
      after: 1,
    },
    {
      name: "a publication (content_counts)",
      seen: (answer) => typeof answer !== "string" && answer.mediaCounts.all,
      before: 0,
      write: (who) => createContent(db(), { ownerId: who.profileId, kind: "post", content: "Counted." }),
      after: 1,
    },
    {
      name: "a paid plan (subscriptions.plan_tier: the contact tab)",
      seen: (answer) => typeof answer !== "string" && answer.tabs.includes("contact"),
      before: false,
      write: (who) =>
        db()
          .update(subscriptions)
          .set({ planTier: "standard" })
          .where(eq(subscriptions.ownerProfileId, who.profileId)),
      after: true,
    },
    {
      name: "a narrower privacy level (profiles.privacy)",
      seen: (answer) => typeof answer === "string" && answer,
      before: false,
      write: (who) =>
        db().update(profiles).set({ privacy: "full_privacy" }).where(eq(profiles.id, who.profileId)),
      after: "404 content_notFound",
    },
    {
      name: "a suspension (profiles.status)",
      seen: (answer) => typeof answer === "string" && answer,
      before: false,
      write: (who) =>
        db().update(profiles).set({ status: "suspended" }).where(eq(profiles.id, who.profileId)),
      after: "404 content_notFound",
    },
    {
      name: "a new slug (the old one finds nothing)",
      seen: (answer) => typeof answer === "string" && answer,
      before: false,
      write: (who) =>
        db()
          .update(profiles)
          .set({ slug: `${who.slug}.renamed` })
          .where(eq(profiles.id, who.profileId)),
      after: "404 content_notFound",
    },
    {
      name: "a deleted profile (profiles, delete)",
      seen: (answer) => typeof answer === "string" && answer,
      before: false,
      write: (who) => db().delete(profiles).where(eq(profiles.id, who.profileId)),
      after: "404 content_notFound",
    },
  ];

  for (const change of changes) {
    it(`hear ${change.name} before the next request`, async () => {
      const who = await person();
      expect(change.seen(await visit(app, who.slug))).toEqual(change.before);
      expect(change.seen(await visit(app, who.slug))).toEqual(change.before);
      await change.write(who);
      expect(change.seen(await visit(app, who.slug))).toEqual(change.after);
    });
  }

  it("hear a company's business badge (kyb_transactions, company_invites)", async () => {
    const owner = await person();
    seq++;
    const company = await createCompany(db(), {
      name: `Page Works ${seq}`,
      ownerUserId: owner.userId,
      verificationStatus: "verified",
    });
    const slug = (await db().select().from(profiles).where(eq(profiles.id, company.profileId)))[0]!.slug;
    expect((await page(app, slug)).user.business).toBeNull();
    expect((await page(app, slug)).user.business).toBeNull();
    const [transaction] = await db()
      .insert(kybTransactions)
      .values({
        id: `kyb_page_${seq}`,
        companyId: company.profileId,
        status: "accepted",
        registrationNumber: "HRB 1234",
        country: "DE",
        decidedAt: new Date(),
      })
      .returning();
    expect((await page(app, slug)).user.business).toMatchObject({
      registrationNumber: "HRB 1234",
      verifiedDirectors: 0,
    });
    await db()
      .insert(companyInvites)
      .values({
        id: `inv_page_${seq}`,
        companyId: company.profileId,
        kind: "officer",
        kybTransactionId: transaction!.id,
        email: `director${seq}@pages.example`,
        status: "accepted",
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    expect((await page(app, slug)).user.business).toMatchObject({ verifiedDirectors: 1 });
  });

  it("hear a TRUNCATE, which fires no row trigger", async () => {
    const someone = await person();
    await page(app, someone.slug);
    await db().execute(sql`TRUNCATE kyb_transactions CASCADE`);
    await unheard(db(), (tx) =>
      tx.update(profiles).set({ name: "After a truncate" }).where(eq(profiles.id, someone.profileId)),
    );
    expect((await page(app, someone.slug)).user.name).toBe("After a truncate");
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "on a second API node, hear a write made through the first within milliseconds",
    () =>
      withSecondNode(testDb.url as string, async (second) => {
        const someone = await person();
        await page(second.app, someone.slug);
        await page(second.app, someone.slug);
        await db()
          .update(profiles)
          .set({ name: "Renamed elsewhere" })
          .where(eq(profiles.id, someone.profileId));
        const name = await readUntil(
          async () => (await page(second.app, someone.slug)).user.name,
          (answer) => answer === "Renamed elsewhere",
        );
        expect(name).toBe("Renamed elsewhere");
      }),
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "serve nothing from the cache while the node cannot hear other nodes, and cache again once it listens",
    () =>
      withSecondNode(testDb.url as string, async (second) => {
        const someone = await person();
        const rename = (name: string) =>
          unheard(db(), (tx) => tx.update(profiles).set({ name }).where(eq(profiles.id, someone.profileId)));
        await page(second.app, someone.slug);
        await cutListeners(testDb.url as string);
        await waitFor(() => !second.database.notifications.live);
        await rename("Unannounced, yet seen");
        expect((await page(second.app, someone.slug)).user.name).toBe("Unannounced, yet seen");
        await waitFor(() => second.database.notifications.live);
        await page(second.app, someone.slug);
        await rename("Unannounced, unseen");
        expect((await page(second.app, someone.slug)).user.name).toBe("Unannounced, yet seen");
      }),
  );
});
