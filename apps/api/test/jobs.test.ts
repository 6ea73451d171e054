import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, verifications } from "../src/db/schema/index";
import { type Jobs, startJobs } from "../src/jobs/index";
import { purgeExpiredSessions } from "../src/jobs/purge-expired-sessions";
import { createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";

let testDb: TestDatabase;
let jobs: Jobs;
beforeAll(async () => {
  testDb = await createTestDatabase();
  jobs = await startJobs({ database: testDb.database, log: pino({ level: "silent" }) });
});
afterAll(async () => {
  await jobs.stop();
  await testDb.drop();
});

describe("job runner (pg-boss on this database)", () => {
  it("runs the expired-session purge: expired sessions go, live ones stay", async () => {
    const db = testDb.database.db;
    const person = await createPerson(db, { name: "Job Tester", email: "jobs@example.com" });
    const hour = 60 * 60 * 1000;
    const day = 24 * hour;
    await db.insert(verifications).values([
      {
        id: "old-code",
        identifier: "email-verification:jobs@example.com",
        value: "x",
        expiresAt: new Date(Date.now() - 2 * day),
      },
      {
        id: "recent-code",
        identifier: "email-verification:jobs@example.com",
        value: "y",
        expiresAt: new Date(Date.now() - hour),
      },
    ]);
    await db.insert(sessions).values([
      { id: "expired", token: randomUUID(), userId: person.userId, expiresAt: new Date(Date.now() - hour) },
      { id: "live", token: randomUUID(), userId: person.userId, expiresAt: new Date(Date.now() + hour) },
    ]);

    const id = await jobs.send(purgeExpiredSessions.queue, {});
    expect(id).toBeTruthy();
    await expect
      .poll(async () => (await jobs.boss.getJobById(purgeExpiredSessions.queue, id!))?.state, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe("completed");

    const left = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, person.userId));
    expect(left.map((s) => s.id)).toEqual(["live"]);
    const codes = await db.select({ id: verifications.id }).from(verifications);
    expect(codes.map((c) => c.id)).toEqual(["recent-code"]);
  });

  it("schedules the purge hourly", async () => {
    const schedules = await jobs.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron])).toContainEqual([
      purgeExpiredSessions.queue,
      purgeExpiredSessions.cron,
    ]);
  });
});
