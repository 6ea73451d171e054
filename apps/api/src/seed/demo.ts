import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Config, loadConfig } from "../config";
import type { Db } from "../db/client";
import { companyMemberDetails, companyMembers, profiles } from "../db/schema/index";
import { slugify } from "../lib/slug";
import { subscribeDemoPlans } from "./demo-billing";
import { createKybHistory } from "./demo-kyb";
import { seedModerationDemo } from "./demo-moderation";
import {
  addComment,
  createCompany,
  createContent,
  createPerson,
  createVerificationHistory,
  follow,
} from "./library";

/** Everyone in the demo signs in with this password (printed in the README and the start log). */
export const DEMO_PASSWORD = "demo-password-2026";

/**
 * The demo staff's authenticator keys (base32), printed in the README: add one to an authenticator
 * app, or `npm run totp -- admin` prints the current code (scripts/totp.mjs holds the same keys).
 */
export const DEMO_STAFF_TOTP_SECRETS = {
  admin: "OZXC2ZDFNVXS2YLENVUW4LJSMZQS2MBR",
  moderator: "OZXC2ZDFNVXS23LPMRSXELJSMZQS2MBR",
} as const;

const day = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * day);
const ahead = (days: number) => new Date(Date.now() + days * day);

/**
 * Seeds the demo cast into an empty database: people and companies in each verification state,
 * a publication of every kind, follows and comments. Does nothing when profiles exist.
 */
export async function seedDemoIfEmpty(
  db: Db,
  log: FastifyBaseLogger,
  config: Config = loadConfig(),
): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(profiles);
  if ((row?.count ?? 0) > 0) return false;
  await seedDemo(db, config.AUTH_SECRET);
  // Paid plans become real sandbox subscriptions (with Stripe configured, they stay as seeded).
  if (!config.STRIPE_SECRET_KEY) await subscribeDemoPlans(db, config, log);
  log.info({ password: DEMO_PASSWORD, email: "anna@demo.verified.local" }, "seeded demo data");
  return true;
}

/** `authSecret` encrypts the staff's TOTP keys as the API's better-auth reads them (its AUTH_SECRET). */
export async function seedDemo(db: Db, authSecret?: string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const person = (p: Parameters<typeof createPerson>[1]) => createPerson(db, { passwordHash, ...p });

  const anna = await person({
    name: "Anna Kowalski",
    email: "anna@demo.verified.local",
    slug: "anna.kowalski",
    profession: "Head of Product, Northwind Analytics",
    city: "Warsaw",
    country: "PL",
    about:
      "I build data products people trust. Previously product at two fintechs. Writing about analytics, product craft and teams.",
    verificationStatus: "verified",
    planTier: "premium",
  });
  const marcus = await person({
    name: "Marcus Reed",
    email: "marcus@demo.verified.local",
    slug: "marcus.reed",
    profession: "Energy policy analyst",
    city: "Austin",
    country: "US",
    about: "Grid modernisation, storage and the policy that makes it happen.",
    verificationStatus: "pending",
    planTier: "standard",
  });
  const priya = await person({
    name: "Priya Shah",
    email: "priya@demo.verified.local",
    slug: "priya.shah",
    profession: "Investigative journalist",
    city: "London",
    country: "GB",
    about: "Reporting on technology and accountability. Tips welcome through the connect tab.",
    verificationStatus: "verified",
    planTier: "standard",
  });
  const tomas = await person({
    name: "Tomás Alvarez",
    email: "tomas@demo.verified.local",
    slug: "tomas.alvarez",
    profession: "Frontend engineer",
    city: "Madrid",
    country: "ES",
    about: "Accessibility, performance, design systems.",
    verificationStatus: "not_verified",
  });
  const lena = await person({
    name: "Lena Fischer",
    email: "lena@demo.verified.local",
    slug: "lena.fischer",
    profession: "Founder",
    city: "Berlin",
    country: "DE",
    about: "Building a climate-tech startup.",
    verificationStatus: "rejection",
  });
  const daniel = await person({
    name: "Daniel Okafor",
    email: "daniel@demo.verified.local",
    slug: "daniel.okafor",
    profession: "Podcast host and creator",
    city: "Lagos",
    country: "NG",
    about: "Conversations with builders across Africa. New episodes every Thursday.",
    verificationStatus: "verified",
    planTier: "creator",
  });
  // The two other verification statuses (issue 12): a fixable rejection (may retry), and a final
  // rejection under appeal (read-only until staff decide).
  const fatima = await person({
    name: "Fatima Haddad",
    email: "fatima@demo.verified.local",
    slug: "fatima.haddad",
    profession: "Architect",
    city: "Lyon",
    country: "FR",
    about: "Housing, timber and public space.",
    verificationStatus: "failed",
  });
  const oskar = await person({
    name: "Oskar Lind",
    email: "oskar@demo.verified.local",
    slug: "oskar.lind",
    profession: "Sales lead",
    city: "Stockholm",
    country: "SE",
    about: "B2B sales in the Nordics.",
    verificationStatus: "appealed",
  });
  // Northwind's team (issue 14): a manager and an employee, so the people tab, "by {name},
  // {position}" and what each role may do can be walked on the demo.
  const milo = await person({
    name: "Milo Manager",
    email: "milo@demo.verified.local",
    slug: "milo.manager",
    profession: "Head of Communications, Northwind Analytics",
    city: "Warsaw",
    country: "PL",
    about: "Press, launches and the stories behind the numbers.",
    verificationStatus: "verified",
  });
  const emma = await person({
    name: "Emma Employee",
    email: "emma@demo.verified.local",
    slug: "emma.employee",
    profession: "Data analyst, Northwind Analytics",
    city: "Gdańsk",
    country: "PL",
    about: "Dashboards for insurers. Coffee, then SQL.",
    verificationStatus: "verified",
  });
  for (const [who, status, country] of [
    [anna, "verified", "PL"],
    [milo, "verified", "PL"],
    [emma, "verified", "PL"],
    [marcus, "pending", "US"],
    [priya, "verified", "GB"],
    [lena, "rejection", "DE"],
    [daniel, "verified", "NG"],
    [fatima, "failed", "FR"],
    [oskar, "appealed", "SE"],
  ] as const) {
    await createVerificationHistory(db, who, status, country);
  }
  // A blocked account: signing in shows the blocked message (§8) and leads to /not-available.
  await person({
    name: "Blake Blocked",
    email: "blocked@demo.verified.local",
    slug: "blake.blocked.01",
    profession: "Former member",
    status: "blocked",
  });
  await person({
    name: "Sam Newcomer",
    email: "sam@demo.verified.local",
    slug: "sam.newcomer",
    status: "profile-not-completed",
  });
  // Staff (product-decisions.md "Staff"): the back-office's admin. Staff sign in with a second
  // factor (issue 16): fixed TOTP keys, in the README.
  await person({
    name: "Ada Admin",
    email: "admin@demo.verified.local",
    slug: "ada.admin",
    profession: "Trust and safety",
    verificationStatus: "verified",
    staffRole: "admin",
    twoFactor: { secret: DEMO_STAFF_TOTP_SECRETS.admin, ...(authSecret ? { authSecret } : {}) },
  });
  // A moderator: decides reports and appeals, not verification (product decisions "Staff").
  await person({
    name: "Mo Moderator",
    email: "moderator@demo.verified.local",
    slug: "mo.moderator",
    profession: "Community moderation",
    verificationStatus: "verified",
    staffRole: "moderator",
    twoFactor: { secret: DEMO_STAFF_TOTP_SECRETS.moderator, ...(authSecret ? { authSecret } : {}) },
  });

  const northwind = await createCompany(db, {
    name: "Northwind Analytics",
    slug: "northwind",
    ownerUserId: anna.userId,
    city: "Warsaw",
    country: "PL",
    profession: "Data and analytics software",
    about: "Northwind makes analytics software for regulated industries: banks, insurers and public bodies.",
    verificationStatus: "verified",
    planTier: "premium",
  });
  await addDemoMembers(db, northwind.profileId, anna.userId, [
    { userId: anna.userId, role: "owner", position: "Head of Product", team: "Product" },
    { userId: milo.userId, role: "manager", position: "Head of Communications", team: "Communications" },
    {
      userId: emma.userId,
      role: "company_employee",
      position: "Data Analyst",
      team: "Analytics",
      caption: "Builds the dashboards our insurance customers read every morning.",
    },
  ]);
  const helio = await createCompany(db, {
    name: "Helio Energy",
    slug: "helio-energy",
    ownerUserId: marcus.userId,
    city: "Austin",
    country: "US",
    profession: "Renewable energy",
    about: "Utility-scale solar and storage across Texas.",
    verificationStatus: "pending",
    planTier: "standard",
  });
  // Business verification (README "Business verification sandbox"): Northwind passed KYB with two
  // directors, Helio waits for an admin's manual review, Brightline has not started.
  await createKybHistory(db, {
    companyId: northwind.profileId,
    ownerUserId: anna.userId,
    status: "accepted",
    legalName: "Northwind Analytics Sp. z o.o.",
    registrationNumber: "KRS 0000731001",
    country: "PL",
    registeredAddress: "ul. Marszałkowska 84/92, 00-514 Warszawa",
    incorporationDate: "2016-05-12",
    website: "https://northwind.example",
    directors: [
      { userId: anna.userId, email: "anna@demo.verified.local" },
      { userId: daniel.userId, email: "daniel@demo.verified.local" },
    ],
  });
  await createKybHistory(db, {
    companyId: helio.profileId,
    ownerUserId: marcus.userId,
    status: "pending_admin_action",
    legalName: "Helio Energy LLC",
    registrationNumber: "84-1230004",
    country: "US",
    registeredAddress: "600 Congress Ave, Austin, TX 78701",
    incorporationDate: "2019-09-03",
    website: null,
    directors: [{ userId: daniel.userId, email: "daniel@demo.verified.local" }],
  });
  const brightline = await createCompany(db, {
    name: "Brightline Media",
    slug: "brightline",
    ownerUserId: priya.userId,
    city: "London",
    country: "GB",
    profession: "Independent newsroom",
    about: "Reader-funded investigative journalism.",
    verificationStatus: "not_verified",
  });

  const post = await createContent(db, {
    ownerId: anna.profileId,
    kind: "post",
    publicationDate: ago(1),
    repostsEnabled: true,
    content:
      "We shipped audit trails for every dashboard today. Regulated teams asked for it for two years; it took us six weeks once we stopped treating it as a feature and started treating it as the data model.",
  });
  await createContent(db, {
    ownerId: anna.profileId,
    kind: "article",
    publicationDate: ago(3),
    title: "What a trustworthy dashboard looks like",
    description: "Five properties we now require before a chart ships.",
    content:
      '<h2>Start from the decision</h2><p>Every chart exists to support a decision. Name it.</p><h2>Show provenance</h2><ul><li>Where the data came from</li><li>When it was last refreshed</li><li>Who changed the definition</li></ul><blockquote>If you cannot explain a number, you should not show it.</blockquote><p>Read more on <a href="https://example.org/trust">our trust principles</a>.</p>',
  });
  await createContent(db, {
    ownerId: northwind.profileId,
    kind: "release",
    publicationDate: ago(2),
    title: "Northwind raises Series B to expand in the Nordics",
    content:
      "Northwind Analytics today announced a 40 million USD Series B led by Fjord Capital. The round funds offices in Stockholm and Oslo and a doubling of the compliance engineering team.",
  });
  await createContent(db, {
    ownerId: northwind.profileId,
    kind: "statement",
    publicationDate: ago(5),
    title: "Statement on the service interruption of 12 November",
    content:
      "Between 09:12 and 09:47 CET some customers could not load dashboards. No data was lost. The cause was an expired certificate on an internal service; we have automated its renewal.",
  });
  await createContent(db, {
    ownerId: priya.profileId,
    kind: "insight",
    publicationDate: ago(4),
    title: "Three signals a data breach is being under-reported",
    content:
      "Staggered disclosures, vague wording about 'a subset of users', and a regulator filing that predates the press release.",
  });
  await createContent(db, {
    ownerId: marcus.profileId,
    kind: "response",
    publicationDate: ago(2),
    title: "Response to the ERCOT capacity report",
    content: "The report undercounts storage that is already contracted. Here is the data.",
  });
  await createContent(db, {
    ownerId: northwind.profileId,
    kind: "document",
    publicationDate: ago(10),
    title: "Northwind security whitepaper 2026",
    description: "How we protect customer data: architecture, certifications and incident response.",
  });
  await createContent(db, {
    ownerId: helio.profileId,
    kind: "event",
    publicationDate: ago(6),
    title: "Open day at the Pecos storage site",
    description: "Tour the 200 MWh battery site with our engineering team.",
    startsAt: ahead(14),
    endsAt: new Date(ahead(14).getTime() + 4 * 60 * 60 * 1000),
    place: "Pecos County, Texas",
  });
  await createContent(db, {
    ownerId: daniel.profileId,
    kind: "podcast",
    publicationDate: ago(7),
    title: "Episode 42: Building payments for 50 million people",
    description: "With the CTO of a Lagos fintech on reliability at scale.",
  });
  await createContent(db, {
    ownerId: daniel.profileId,
    kind: "video",
    publicationDate: ago(8),
    title: "Studio tour: how we record remotely",
    description: "Our kit, our workflow, and what we would do differently.",
  });
  await createContent(db, {
    ownerId: brightline.profileId,
    kind: "article",
    publicationDate: ago(9),
    title: "Inside the data broker economy",
    content: "<p>We bought our own data from twelve brokers. Here is what we found.</p>",
  });
  await createContent(db, {
    ownerId: tomas.profileId,
    kind: "post",
    publicationDate: ago(1),
    content:
      "Small accessibility win: every icon button in our design system now has a visible label on focus. Zero regressions in a month.",
  });
  await createContent(db, {
    ownerId: lena.profileId,
    kind: "post",
    publicationDate: ago(2),
    content:
      "Looking for a hardware engineer in Berlin who has shipped a battery management system. Intros welcome.",
  });
  await createContent(db, {
    ownerId: priya.profileId,
    kind: "repost",
    publicationDate: ago(0.5),
    repostOfId: post.id,
    quote: "Audit trails as a data model, not a feature: more teams should read this.",
  });
  await createContent(db, {
    ownerId: anna.profileId,
    kind: "post",
    status: "planned",
    publicationDate: ahead(2),
    content: "Next week: our public roadmap for 2027. Tell me what you want to see.",
  });

  for (const [a, b] of [
    [priya, anna],
    [marcus, anna],
    [tomas, anna],
    [daniel, anna],
    [anna, priya],
    [anna, daniel],
    [tomas, priya],
    [lena, marcus],
    [marcus, priya],
  ] as const) {
    await follow(db, a.profileId, b.profileId);
  }
  for (const person of [anna, priya, marcus, tomas, daniel])
    await follow(db, person.profileId, northwind.profileId);
  await follow(db, marcus.profileId, helio.profileId);
  await follow(db, priya.profileId, brightline.profileId);

  const first = await addComment(db, {
    contentId: post.id,
    authorId: priya.profileId,
    body: "Would love to hear how you migrated the existing dashboards.",
  });
  await addComment(db, {
    contentId: post.id,
    authorId: anna.profileId,
    parentId: first.id,
    body: "Backfilled from the change log; I will write it up next week.",
  });
  await addComment(db, {
    contentId: post.id,
    authorId: tomas.profileId,
    body: "Congrats to the whole team!",
  });

  // The review queue (issue 16): a few open reports for /admin/reports.
  const spammer = await person({
    name: "Sly Growth",
    email: "spam@demo.verified.local",
    slug: "sly.growth",
    profession: "Growth hacker",
    verificationStatus: "not_verified",
  });
  const impersonator = await person({
    name: "Priya Shah News",
    email: "imposter@demo.verified.local",
    slug: "priya.shah.news",
    profession: "Journalist",
    verificationStatus: "not_verified",
  });
  await seedModerationDemo(db, {
    spammer,
    impersonator,
    reporters: [anna, priya, tomas],
    onPostId: post.id,
  });
}

interface DemoMember {
  userId: string;
  role: "owner" | "manager" | "company_employee";
  position: string;
  team: string;
  caption?: string;
}

/** Members of a demo company as an accepted invitation leaves them (the owner's row exists). */
async function addDemoMembers(db: Db, companyId: string, invitedBy: string, members: DemoMember[]) {
  for (const member of members) {
    await db
      .insert(companyMembers)
      .values({ companyId, userId: member.userId, role: member.role, position: member.position })
      .onConflictDoUpdate({
        target: [companyMembers.companyId, companyMembers.userId],
        set: { position: member.position },
      });
    await db.insert(companyMemberDetails).values({
      companyId,
      userId: member.userId,
      caption: member.caption ?? null,
      teamTitle: member.team,
      teamSlug: slugify(member.team),
      invitedBy: member.role === "owner" ? null : invitedBy,
    });
  }
}
