import { format, LEAD_FORMS_PER_ADDRESS_PER_HOUR, LEAD_FORMS_PER_HOUR, messages } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { leads } from "../src/db/schema/index";
import { createPerson, type SeededPerson } from "../src/seed/library";
import { startSmtp, type TestSmtp } from "./support/accounts";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Issue 16, item 6: the enterprise enquiry and the ad consultation. Each is validated with the
 * spec's messages (§5 phone rules, email 6–254, NUL bytes), stored as a lead, mailed to the
 * configured sales address over real SMTP, limited per account and per address, and kept even
 * when the mail cannot be sent.
 */

const SALES = "sales-team@example.com";
let testDb: TestDatabase;
let smtp: TestSmtp;
let app: App;
let person: SeededPerson;
let headers: Record<string, string>;
let nextAddress = 1;
let address = "";
const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtp();
  app = await buildApp(
    testConfig({ SMTP_URL: smtp.url, SALES_EMAIL: SALES, RATE_LIMIT_PER_MINUTE: "100000" }),
    { database: testDb.database },
  );
  person = await createPerson(db(), {
    name: "Erin Enterprise",
    email: "erin@example.com",
    slug: "erin.enterprise.10",
    verificationStatus: "verified",
  });
  headers = await bearerFor(db(), person.userId);
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await testDb.drop();
});
// Every test sends from an address of its own, so the per-address limits of one test never
// reach into another's.
beforeEach(() => {
  address = `10.16.0.${nextAddress++}`;
});

const send = (
  url: string,
  payload: object,
  options: { headers?: Record<string, string>; ip?: string } = {},
) =>
  app.inject({
    method: "POST",
    url: `/api/v1${url}`,
    headers: { "content-type": "application/json", ...options.headers },
    remoteAddress: options.ip ?? address,
    payload: JSON.stringify(payload),
  });

const enquiry = {
  fullName: "Erin Enterprise",
  companyName: "Acme Industries",
  website: "acme.example.com",
  country: "pl",
  phone: "+48 601 234 567",
  enquiry: "We have 400 people and want the enterprise plan from next quarter.",
};
const consultation = {
  company: "Blue Ads Ltd",
  website: "https://blue-ads.example.com",
  country: "GB",
  firstName: "Bea",
  lastName: "Blue",
  email: "Bea.Blue@Blue-Ads.example.com",
  phone: "020 7946 0958",
  monthlyAdSpend: "10k_50k",
  objectives: "Reach procurement managers in the UK.",
};

/** The validation message the API gave for one body field. */
function messageFor(response: { json(): unknown }, field: string): string | undefined {
  const body = response.json() as { error: { details?: Array<{ path: string; message: string }> } };
  return body.error.details?.find((detail) => detail.path === `body.${field}`)?.message;
}

const leadCount = async () => (await db().select({ id: leads.id }).from(leads)).length;

describe("the enterprise enquiry", () => {
  it("stores a signed-in sender's enquiry, answered at the account's email, and mails it to sales", async () => {
    const response = await send(
      "/enterprise-enquiries",
      { ...enquiry, email: "someone-else@example.com" },
      { headers },
    );
    expect(response.statusCode, response.body).toBe(201);
    const { id, kind } = response.json().data;
    expect(kind).toBe("enterprise");
    const [row] = await db().select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({
      kind: "enterprise",
      status: "new",
      // Nobody enquires in another account's name: the account's email, not the typed one.
      email: "erin@example.com",
      userId: person.userId,
      profileId: person.profileId,
    });
    expect(row!.fields).toEqual({
      fullName: "Erin Enterprise",
      companyName: "Acme Industries",
      website: "https://acme.example.com",
      country: "PL",
      phone: "+48 601 234 567",
      enquiry: enquiry.enquiry,
    });
    const mail = await smtp.waitFor(SALES, (m) => m.subject.includes("Acme Industries"));
    expect(mail.subject).toBe(
      format(messages.mailLeadSubject, { kind: messages.leadKindEnterprise, company: "Acme Industries" }),
    );
    expect(mail.text).toContain("erin@example.com");
    expect(mail.text).toContain(`${messages.enquiryPhoneLabel}: +48 601 234 567`);
    expect(mail.text).toContain(enquiry.enquiry);
    expect(mail.text).toContain("/admin/leads");
  });

  it("takes a visitor's enquiry with their email, and without a phone", async () => {
    const { phone: _phone, ...withoutPhone } = enquiry;
    const response = await send("/enterprise-enquiries", {
      ...withoutPhone,
      companyName: "Visitor Co",
      email: "Vic@Visitor.example.com",
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await db().select().from(leads).where(eq(leads.id, response.json().data.id));
    expect(row).toMatchObject({ email: "vic@visitor.example.com", userId: null, profileId: null });
    expect(row!.fields.phone).toBeNull();
    const mail = await smtp.waitFor(SALES, (m) => m.subject.includes("Visitor Co"));
    expect(mail.text).toContain("vic@visitor.example.com");
  });

  it("refuses a visitor without an email, and every bad field with the catalogue's message, storing nothing", async () => {
    const before = await leadCount();
    const noEmail = await send("/enterprise-enquiries", enquiry);
    expect(noEmail.statusCode).toBe(422);
    expect(messageFor(noEmail, "email")).toBe(messages.fieldRequired);

    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ phone: "48 601 234 567" }, "phone", messages.phoneMustStartWithPlus],
      [{ phone: "+48 60" }, "phone", messages.phoneTooShort],
      [{ phone: "+48 601 234 567 890 123" }, "phone", messages.phoneTooLong],
      [{ phone: "+48 call me" }, "phone", messages.invalidPhone],
      [{ fullName: "" }, "fullName", messages.fieldRequired],
      [{ companyName: undefined }, "companyName", messages.fieldRequired],
      [{ website: "not a site" }, "website", messages.invalidUrl],
      [{ website: "ftp://acme.example.com" }, "website", messages.invalidUrl],
      [{ country: "Poland" }, "country", messages.invalidCountry],
      [{ enquiry: "Hi" }, "enquiry", format(messages.minChars, { count: 10 })],
      [{ enquiry: "x".repeat(3001) }, "enquiry", format(messages.maxChars, { count: 3000 })],
      [{ enquiry: "Tell me more\u0000 please, about the plan" }, "enquiry", messages.textControlCharacters],
      [{ email: "not-an-email" }, "email", messages.invalidEmail],
      [{ email: "a@b.c" }, "email", messages.invalidEmail],
    ];
    for (const [change, field, message] of cases) {
      // Each from its own address: malformed bodies count toward the hourly limit too.
      const response = await send(
        "/enterprise-enquiries",
        { ...enquiry, email: "v@example.com", ...change },
        { ip: `10.17.0.${nextAddress++}` },
      );
      expect(response.statusCode, `${field}: ${response.body}`).toBe(422);
      expect(messageFor(response, field), JSON.stringify(change)).toBe(message);
    }
    expect(await leadCount()).toBe(before);
  });

  it(`limits each account to ${LEAD_FORMS_PER_HOUR} an hour, with the lead message`, async () => {
    const someone = await createPerson(db(), {
      name: "Lim Ited",
      email: "lim@example.com",
      slug: "lim.ited.11",
    });
    const auth = await bearerFor(db(), someone.userId);
    for (let i = 0; i < LEAD_FORMS_PER_HOUR; i++) {
      expect((await send("/enterprise-enquiries", enquiry, { headers: auth })).statusCode).toBe(201);
    }
    const before = await leadCount();
    // Even from another address: the limit is the account's.
    const refused = await send("/enterprise-enquiries", enquiry, { headers: auth, ip: "10.16.99.1" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: "lead_tooMany", message: messages.leadRateLimited });
    expect(await leadCount()).toBe(before);
  });
});

describe("the ad consultation", () => {
  it("stores a visitor's request and mails it to sales with the budget in words", async () => {
    const response = await send("/ad-consultations", consultation);
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await db().select().from(leads).where(eq(leads.id, response.json().data.id));
    expect(row).toMatchObject({
      kind: "ad_consultation",
      status: "new",
      email: "bea.blue@blue-ads.example.com",
    });
    expect(row!.fields).toMatchObject({
      company: "Blue Ads Ltd",
      country: "GB",
      firstName: "Bea",
      lastName: "Blue",
      phone: "020 7946 0958",
      monthlyAdSpend: "10k_50k",
      objectives: "Reach procurement managers in the UK.",
    });
    const mail = await smtp.waitFor(SALES, (m) => m.subject.includes("Blue Ads Ltd"));
    expect(mail.subject).toBe(
      format(messages.mailLeadSubject, { kind: messages.leadKindAdConsultation, company: "Blue Ads Ltd" }),
    );
    // (The test peer decodes the body byte by byte, so the range's dash is left out here.)
    expect(mail.text).toContain(`${messages.adMonthlySpendLabel}: 10,000`);
    expect(mail.text).toContain("Bea Blue");
  });

  it("keeps a signed-in sender's account on the lead, and the objectives are optional", async () => {
    const { objectives: _objectives, ...withoutObjectives } = consultation;
    const response = await send("/ad-consultations", withoutObjectives, { headers });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await db().select().from(leads).where(eq(leads.id, response.json().data.id));
    expect(row).toMatchObject({ userId: person.userId, email: "bea.blue@blue-ads.example.com" });
    expect(row!.fields.objectives).toBeNull();
  });

  it("refuses bad input with the catalogue's message and stores nothing", async () => {
    const before = await leadCount();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ phone: "" }, "phone", messages.fieldRequired],
      [{ phone: "601 23" }, "phone", messages.phoneTooShort],
      [{ phone: "+44 20 7946 0958 1234 5" }, "phone", messages.phoneTooLong],
      [{ phone: "020-CALL-NOW" }, "phone", messages.invalidPhone],
      [{ email: "bea@" }, "email", messages.invalidEmail],
      [{ email: `${"b".repeat(250)}@x.io` }, "email", messages.invalidEmail],
      [{ email: undefined }, "email", messages.fieldRequired],
      [{ firstName: "  " }, "firstName", messages.fieldRequired],
      [{ lastName: undefined }, "lastName", messages.fieldRequired],
      [{ company: undefined }, "company", messages.fieldRequired],
      [{ monthlyAdSpend: undefined }, "monthlyAdSpend", messages.fieldRequired],
      [{ monthlyAdSpend: "a lot" }, "monthlyAdSpend", messages.fieldRequired],
      [{ objectives: "x".repeat(2001) }, "objectives", format(messages.maxChars, { count: 2000 })],
      [{ company: "Blue\u0000Ads" }, "company", messages.textControlCharacters],
      [{ website: "" }, "website", messages.fieldRequired],
    ];
    for (const [change, field, message] of cases) {
      const response = await send(
        "/ad-consultations",
        { ...consultation, ...change },
        { ip: `10.17.1.${nextAddress++}` },
      );
      expect(response.statusCode, `${field}: ${response.body}`).toBe(422);
      expect(messageFor(response, field), JSON.stringify(change)).toBe(message);
    }
    expect(await leadCount()).toBe(before);
  });

  it(`limits a visitor's address to ${LEAD_FORMS_PER_HOUR} an hour, and one address to ${LEAD_FORMS_PER_ADDRESS_PER_HOUR} across accounts and both forms`, async () => {
    for (let i = 0; i < LEAD_FORMS_PER_HOUR; i++) {
      expect((await send("/ad-consultations", consultation)).statusCode).toBe(201);
    }
    const visitorRefused = await send("/ad-consultations", consultation);
    expect(visitorRefused.statusCode).toBe(429);
    expect(visitorRefused.json().error.code).toBe("lead_tooMany");

    // Signed-in accounts behind one address: each has its own hourly budget per form, but the
    // address as a whole stops at LEAD_FORMS_PER_ADDRESS_PER_HOUR, both forms together.
    const shared = "10.16.200.1";
    let accepted = 0;
    let refused: Awaited<ReturnType<typeof send>> | null = null;
    for (let n = 0; n < 8 && !refused; n++) {
      const member = await createPerson(db(), {
        name: `Office Member ${n}`,
        email: `office${n}@example.com`,
        slug: `office.member.${n}0`,
      });
      const auth = await bearerFor(db(), member.userId);
      for (const url of ["/ad-consultations", "/enterprise-enquiries"]) {
        const response = await send(url, url === "/ad-consultations" ? consultation : enquiry, {
          headers: auth,
          ip: shared,
        });
        if (response.statusCode === 201) accepted++;
        else {
          refused = response;
          break;
        }
      }
    }
    expect(accepted).toBe(LEAD_FORMS_PER_ADDRESS_PER_HOUR);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json().error).toMatchObject({ code: "lead_tooMany", message: messages.leadRateLimited });
  });
});

describe("a mail that cannot be sent", () => {
  it("loses no lead: the sender hears 201 and staff find it", async () => {
    // An SMTP server nobody listens on.
    const offline = await buildApp(
      testConfig({ SMTP_URL: "smtp://127.0.0.1:9", SALES_EMAIL: SALES, RATE_LIMIT_PER_MINUTE: "100000" }),
      { database: testDb.database },
    );
    try {
      const response = await offline.inject({
        method: "POST",
        url: "/api/v1/ad-consultations",
        headers: { "content-type": "application/json" },
        remoteAddress: address,
        payload: JSON.stringify({ ...consultation, company: "Offline Co" }),
      });
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await db().select().from(leads).where(eq(leads.id, response.json().data.id));
      expect(row).toMatchObject({ kind: "ad_consultation", status: "new" });
      expect((row!.fields as { company: string }).company).toBe("Offline Co");
    } finally {
      await offline.close();
    }
  });
});
