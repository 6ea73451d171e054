import { format, type Media, messages, type ProfilePage } from "@vn/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { auditLog, companyMembers, profiles } from "../src/db/schema/index";
import { createCompany, createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { mediaDir, uploadFile } from "./support/media";
import { png } from "./support/media-fixtures";
import { bearerFor } from "./support/sessions";

/**
 * Editing pages (issue 14, item 6): a person edits their own page's links, contacts and background
 * through PATCH /users/me/general-info; a company's owner edits its page through
 * PATCH /companies/:id while acting as it. Bad input is a 422 with the §5 messages and writes
 * nothing; managers edit the page too (topics scope all); employees (none) and outsiders are refused.
 */

let testDb: TestDatabase;
let app: App;
let media: Awaited<ReturnType<typeof mediaDir>>;
const db = () => testDb.database.db;

type Headers = Record<string, string>;
const as = {} as Record<
  "person" | "other" | "owner" | "ownerAsSelf" | "manager" | "employee" | "outsider",
  Headers
>;
let person: { profileId: string; slug: string };
let company: { profileId: string; slug: string };

beforeAll(async () => {
  testDb = await createTestDatabase();
  media = await mediaDir();
  app = await buildApp(testConfig({ MEDIA_DIR: media.dir }), { database: testDb.database });
  await app.ready();
  const make = (name: string) =>
    createPerson(db(), {
      name,
      email: `${name.split(" ")[0]?.toLowerCase()}@editing.example`,
      verificationStatus: "verified",
    });
  const p = await make("Paula Person");
  const other = await make("Oscar Other");
  const owner = await make("Olga Owner");
  const manager = await make("Mia Manager");
  const employee = await make("Eli Employee");
  const outsider = await make("Uma Outsider");
  person = p;
  company = await createCompany(db(), {
    name: "Editing Works",
    ownerUserId: owner.userId,
    verificationStatus: "not_verified",
  });
  await db()
    .insert(companyMembers)
    .values([
      { companyId: company.profileId, userId: manager.userId, role: "manager" },
      { companyId: company.profileId, userId: employee.userId, role: "company_employee" },
    ]);
  as.person = await bearerFor(db(), p.userId);
  as.other = await bearerFor(db(), other.userId);
  as.owner = await bearerFor(db(), owner.userId, company.profileId);
  as.ownerAsSelf = await bearerFor(db(), owner.userId);
  as.manager = await bearerFor(db(), manager.userId, company.profileId);
  as.employee = await bearerFor(db(), employee.userId, company.profileId);
  as.outsider = await bearerFor(db(), outsider.userId);
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
  await media.remove();
});

const updateProfile = (headers: Headers, payload: unknown) =>
  app.inject({ method: "PATCH", url: "/api/v1/users/me/general-info", headers, payload: payload as object });
const updateCompany = (headers: Headers, payload: unknown, id = company.profileId) =>
  app.inject({ method: "PATCH", url: `/api/v1/companies/${id}`, headers, payload: payload as object });
async function pageOf(slug: string, headers: Headers): Promise<ProfilePage> {
  const res = await app.inject({ method: "GET", url: `/api/v2/profiles/${slug}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ProfilePage;
}
async function upload(headers: Headers, uploadType: string): Promise<Media> {
  const { res, media: item } = await uploadFile(
    app,
    headers,
    { uploadType },
    { name: "picture.png", data: await png(900, 500) },
  );
  expect(res.statusCode, res.body).toBe(201);
  return item as Media;
}
function refusal(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  return (res.json() as { error: { code: string; message: string; details?: unknown } }).error;
}

const links = {
  twitter: "https://x.com/paula",
  youtube: "https://www.youtube.com/@paula",
  facebook: "https://facebook.com/paula.person",
  site: "https://paula.example.com/",
  linkedin: "https://www.linkedin.com/in/paula",
  instagram: "https://instagram.com/paula",
};
const contacts = {
  mainEmail: "Paula@Example.com",
  mainPhone: "+48 601 234 567",
  additionalEmail: "press@example.com",
  additionalPhone: "+1 (212) 555-0100",
};

describe("a person edits their own page", () => {
  it("saves every link, both contacts and a background, and the page shows them", async () => {
    const background = await upload(as.person, "user_background_image");
    const backgroundImageUrl = background.urls.full;
    const res = await updateProfile(as.person, {
      about: "Data journalist.",
      socialLinks: links,
      contacts,
      backgroundImageUrl,
    });
    expect(res.statusCode, res.body).toBe(200);

    // Seen by someone else, not only by the owner.
    const page = await pageOf(person.slug, as.other);
    expect(page.socialLinks).toEqual(links);
    expect(page.contacts).toEqual({ ...contacts, mainEmail: "paula@example.com" });
    expect(page.user.backgroundImage).toEqual({ urls: { preview: backgroundImageUrl } });
    expect(page.user.about).toBe("Data journalist.");
  });

  it("null clears one link or contact; what is not sent stays", async () => {
    const res = await updateProfile(as.person, {
      socialLinks: { twitter: null, site: "" },
      contacts: { additionalPhone: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = await pageOf(person.slug, as.person);
    expect(page.socialLinks).toEqual({ ...links, twitter: null, site: null });
    expect(page.contacts.additionalPhone).toBeNull();
    expect(page.contacts.mainPhone).toBe(contacts.mainPhone);
    // A twitter.com link is as good as an x.com one.
    const back = await updateProfile(as.person, {
      socialLinks: { twitter: "https://twitter.com/paula", site: links.site },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await pageOf(person.slug, as.person)).socialLinks.twitter).toBe("https://twitter.com/paula");
  });

  const bad: Array<{ name: string; body: object; path: string; message: string }> = [
    {
      name: "a phone without +",
      body: { contacts: { mainPhone: "48 601 234 567" } },
      path: "body.contacts.mainPhone",
      message: messages.phoneMustStartWithPlus,
    },
    {
      name: "a phone too short",
      body: { contacts: { additionalPhone: "+48 601" } },
      path: "body.contacts.additionalPhone",
      message: messages.phoneTooShort,
    },
    {
      name: "a phone too long",
      body: { contacts: { mainPhone: "+48 601 234 567 890 123" } },
      path: "body.contacts.mainPhone",
      message: messages.phoneTooLong,
    },
    {
      name: "a phone with letters",
      body: { contacts: { mainPhone: "+48 call me" } },
      path: "body.contacts.mainPhone",
      message: messages.invalidPhone,
    },
    {
      name: "a bad email",
      body: { contacts: { additionalEmail: "paula@" } },
      path: "body.contacts.additionalEmail",
      message: messages.invalidEmail,
    },
    {
      name: "a twitter link to another host",
      body: { socialLinks: { twitter: "https://twitter.com.evil.example/paula" } },
      path: "body.socialLinks.twitter",
      message: format(messages.socialLinkWrongHost, { hosts: "twitter.com or x.com" }),
    },
    {
      name: "a website that is not http(s)",
      body: { socialLinks: { site: "javascript:alert(1)" } },
      path: "body.socialLinks.site",
      message: messages.invalidUrl,
    },
    {
      name: "a link over 2000 characters",
      body: { socialLinks: { site: `https://paula.example.com/${"a".repeat(2000)}` } },
      path: "body.socialLinks.site",
      message: messages.urlTooLong,
    },
    {
      name: "NUL bytes",
      body: { contacts: { mainEmail: "paula\u0000@example.com" } },
      path: "body.contacts.mainEmail",
      message: messages.textControlCharacters,
    },
  ];
  for (const c of bad) {
    it(`refuses ${c.name} with the §5 message, and saves nothing of the request`, async () => {
      const before = await pageOf(person.slug, as.person);
      // A valid field beside the bad one must not be saved either.
      const res = await updateProfile(as.person, { ...c.body, about: "Changed by a refused request" });
      const error = refusal(res, 422);
      expect(error.code).toBe("request_validationFailed");
      expect(error.details).toContainEqual({ path: c.path, message: c.message });
      expect(await pageOf(person.slug, as.person)).toEqual(before);
    });
  }

  it("takes as background only its own upload of type user_background_image", async () => {
    const before = await pageOf(person.slug, as.person);
    const photo = await upload(as.person, "user_image");
    const someoneElses = await upload(as.other, "user_background_image");
    for (const backgroundImageUrl of [
      "https://elsewhere.example/picture.png",
      photo.urls.full,
      someoneElses.urls.full,
    ]) {
      const error = refusal(await updateProfile(as.person, { backgroundImageUrl, about: "x" }), 422);
      expect(error.details).toEqual([
        { path: "body.backgroundImageUrl", message: messages.pageImageNotUploaded },
      ]);
    }
    expect(await pageOf(person.slug, as.person)).toEqual(before);
    // null removes the background.
    expect((await updateProfile(as.person, { backgroundImageUrl: null })).statusCode).toBe(200);
    expect((await pageOf(person.slug, as.person)).user.backgroundImage).toBeNull();
  });
});

describe("a company page, edited by its owner", () => {
  it("the owner acting as the company reads the settings and saves every field", async () => {
    const settings = await app.inject({
      method: "GET",
      url: `/api/v1/companies/${company.profileId}/page-settings`,
      headers: as.owner,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().data).toMatchObject({ id: company.profileId, name: "Editing Works", about: null });

    const logo = await upload(as.owner, "company_image");
    const background = await upload(as.owner, "company_background_image");
    const res = await updateCompany(as.owner, {
      name: "Editing  Works Ltd",
      about: "We edit pages.",
      logoUrl: logo.urls.small,
      backgroundImageUrl: background.urls.full,
      socialLinks: { site: "https://editing.example.com", linkedin: "https://linkedin.com/company/editing" },
      contacts: { mainEmail: "hello@editing.example.com", mainPhone: "+44 20 7946 0958" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: "Editing Works Ltd", about: "We edit pages." });

    const page = await pageOf(company.slug, as.outsider);
    expect(page.user).toMatchObject({
      name: "Editing Works Ltd",
      about: "We edit pages.",
      image: { urls: { preview: logo.urls.small } },
      backgroundImage: { urls: { preview: background.urls.full } },
    });
    expect(page.socialLinks).toMatchObject({
      site: "https://editing.example.com",
      linkedin: "https://linkedin.com/company/editing",
      twitter: null,
    });
    expect(page.contacts).toEqual({
      mainEmail: "hello@editing.example.com",
      mainPhone: "+44 20 7946 0958",
      additionalEmail: null,
      additionalPhone: null,
    });
  });

  it("writes one company.updated audit row with the fields before and after", async () => {
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "company.updated"), eq(auditLog.resourceId, company.profileId)));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ resourceType: "company", actorProfileId: company.profileId });
    expect(row?.before).toMatchObject({ name: "Editing Works", about: null, image: null });
    expect(row?.after).toMatchObject({
      name: "Editing Works Ltd",
      about: "We edit pages.",
      socialLinks: { site: "https://editing.example.com" },
      contacts: { mainPhone: "+44 20 7946 0958" },
    });
  });

  it("a bad field is a 422 with the §5 message; nothing is saved and nothing audited", async () => {
    const before = await pageOf(company.slug, as.owner);
    const cases: Array<[object, string, string]> = [
      [
        { contacts: { mainPhone: "020 7946 0958" } },
        "body.contacts.mainPhone",
        messages.phoneMustStartWithPlus,
      ],
      [{ contacts: { mainEmail: "not-an-email" } }, "body.contacts.mainEmail", messages.invalidEmail],
      [
        { socialLinks: { instagram: "https://instagrarn.com/editing" } },
        "body.socialLinks.instagram",
        format(messages.socialLinkWrongHost, { hosts: "instagram.com" }),
      ],
      [{ name: "E\u0000W" }, "body.name", messages.textControlCharacters],
    ];
    for (const [body, path, message] of cases) {
      const error = refusal(await updateCompany(as.owner, { ...body, about: "Should not stay" }), 422);
      expect(error.details).toContainEqual({ path, message });
    }
    // The person's own background is not the company's.
    const personal = await upload(as.ownerAsSelf, "company_background_image");
    const wrongOwner = refusal(
      await updateCompany(as.owner, { backgroundImageUrl: personal.urls.full }),
      422,
    );
    expect(wrongOwner.details).toEqual([
      { path: "body.backgroundImageUrl", message: messages.pageImageNotUploaded },
    ]);
    expect(await pageOf(company.slug, as.owner)).toEqual(before);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "company.updated"));
    expect(audits).toHaveLength(1);
  });

  it("a manager edits the page (topics scope); an employee holds none: 403 accountManager_permissionNotProvided", async () => {
    const managed = await updateCompany(as.manager, { about: "Edited by the manager." });
    expect(managed.statusCode, managed.body).toBe(200);
    expect((await pageOf(company.slug, as.owner)).user.about).toBe("Edited by the manager.");
    const before = await db().select().from(profiles).where(eq(profiles.id, company.profileId));
    const edit = refusal(await updateCompany(as.employee, { about: "Hijacked" }), 403);
    expect(edit).toMatchObject({
      code: "accountManager_permissionNotProvided",
      message: messages.permissionNotProvided,
    });
    const read = await app.inject({
      method: "GET",
      url: `/api/v1/companies/${company.profileId}/page-settings`,
      headers: as.employee,
    });
    expect(refusal(read, 403).code).toBe("accountManager_permissionNotProvided");
    expect(await db().select().from(profiles).where(eq(profiles.id, company.profileId))).toEqual(before);
    // Put back what the later checks expect.
    expect((await updateCompany(as.owner, { about: "We edit pages." })).statusCode).toBe(200);
  });

  it("an outsider, or the owner not acting as the company, is refused; an unknown company is 404", async () => {
    expect(refusal(await updateCompany(as.outsider, { about: "Hijacked" }), 403).code).toBe(
      "request_forbidden",
    );
    expect(refusal(await updateCompany(as.ownerAsSelf, { about: "Not as it" }), 403).code).toBe(
      "request_forbidden",
    );
    // A person's own profile is not a company to edit through this route.
    expect(refusal(await updateCompany(as.person, { about: "x" }, person.profileId), 404).code).toBe(
      "company_notFound",
    );
    expect(refusal(await updateCompany(as.owner, { about: "x" }, "no-such-company"), 404).code).toBe(
      "company_notFound",
    );
    expect((await pageOf(company.slug, as.owner)).user.about).toBe("We edit pages.");
  });
});
