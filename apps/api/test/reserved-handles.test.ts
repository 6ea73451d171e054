import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Reserved handles (issue 18 item 7): nobody takes one, and migration 0022 moved the profiles that
 * held one before. The migration's move is run again here on profiles written with reserved handles
 * straight into the database (as they were before the rule existed).
 */
let testDb: TestDatabase;
let app: App;
const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig(), { database: testDb.database });
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

function migrationMove(): string {
  const file = path.join(
    import.meta.dirname,
    "../src/db/migrations/0022_onboarding_and_reserved_handles.sql",
  );
  const statements = fs.readFileSync(file, "utf8").split("--> statement-breakpoint");
  const move = statements.find((statement) => statement.includes("WITH moved AS"));
  if (!move) throw new Error("migration 0022 has no reserved-handle move");
  return move;
}

describe("reserved handles", () => {
  it("moves existing profiles off reserved handles and writes the audit log", async () => {
    const settings = await createPerson(db(), {
      name: "Set Tings",
      email: "set@reserved.example",
      slug: "settings",
    });
    const admin = await createPerson(db(), { name: "Ad Min", email: "ad@reserved.example", slug: "Admin" });
    const kept = await createPerson(db(), {
      name: "Kept Person",
      email: "kept@reserved.example",
      slug: "kept.person.42",
    });
    await testDb.database.raw.executeSql(migrationMove());
    const { rows } = await testDb.database.raw.executeSql(
      "SELECT id, slug FROM profiles WHERE id = ANY($1)",
      [[settings.profileId, admin.profileId, kept.profileId]],
    );
    const slugOf = new Map(rows.map((row) => [row.id, row.slug]));
    expect(slugOf.get(settings.profileId)).toMatch(/^settings-\d{4}$/);
    expect(slugOf.get(admin.profileId)).toMatch(/^Admin-\d{4}$/);
    expect(slugOf.get(kept.profileId)).toBe("kept.person.42");
    const audit = await testDb.database.raw.executeSql(
      "SELECT resource_id FROM audit_log WHERE action = 'profile.handleReserved'",
    );
    expect(audit.rows.map((row) => row.resource_id).sort()).toEqual(
      [settings.profileId, admin.profileId].sort(),
    );
  });

  it("refuses a reserved handle when a person or a company takes one", async () => {
    const person = await createPerson(db(), {
      name: "Vera Verified",
      email: "vera@reserved.example",
      verificationStatus: "verified",
    });
    const headers = await bearerFor(db(), person.userId);
    const reserved = "This handle is reserved. Please choose another one.";
    const check = await app.inject({
      method: "POST",
      url: "/api/v1/dashboard/owner/slug/exists",
      headers,
      payload: { slug: "Settings" },
    });
    expect(check.statusCode).toBe(422);
    expect(JSON.stringify(check.json())).toContain(reserved);
    const company = await app.inject({
      method: "POST",
      url: "/api/v1/companies",
      headers,
      payload: { name: "Chats Company", slug: "chats" },
    });
    expect(company.statusCode).toBe(422);
    expect(JSON.stringify(company.json())).toContain(reserved);
  });
});
