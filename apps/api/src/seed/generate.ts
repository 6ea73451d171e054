import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { DEMO_PASSWORD } from "./demo";

/**
 * A large, realistic data set for benchmarks, generated inside the database (generate_series),
 * so 1M rows take seconds rather than a million round trips. Names, places and professions come
 * from small vocabularies; dates spread over two years; every person follows `followsPerPerson`
 * others spread across the whole set.
 */
export interface GenerateOptions {
  people: number;
  companies: number;
  items: number;
  followsPerPerson: number;
  /** Items owned by one extra profile, slug "heavy.publisher" (deep-pagination benchmarks). */
  heavyOwnerItems?: number;
  onProgress?: (message: string) => void;
}

const firstNames = [
  "Anna",
  "Ben",
  "Chloé",
  "David",
  "Emeka",
  "Fatima",
  "Giulia",
  "Hiro",
  "Ines",
  "Jonas",
  "Kofi",
  "Lea",
  "Mateo",
  "Nadia",
  "Oskar",
  "Priya",
  "Quentin",
  "Rosa",
  "Sven",
  "Tara",
  "Umar",
  "Vera",
  "Wei",
  "Ximena",
  "Yusuf",
  "Zofia",
];
const lastNames = [
  "Adeyemi",
  "Berg",
  "Costa",
  "Dubois",
  "Eriksen",
  "Fischer",
  "García",
  "Hughes",
  "Ivanova",
  "Jensen",
  "Kowalski",
  "Lindqvist",
  "Moreau",
  "Nakamura",
  "Okafor",
  "Petrov",
  "Quinn",
  "Rossi",
  "Schmidt",
  "Tanaka",
  "Usman",
  "Varga",
  "Wójcik",
  "Xu",
  "Yilmaz",
  "Zimmermann",
];
const professions = [
  "Product manager",
  "Software engineer",
  "Data scientist",
  "Journalist",
  "Investor",
  "Designer",
  "Founder",
  "Policy analyst",
  "Researcher",
  "Marketing lead",
  "Lawyer",
  "Economist",
];
const cities = [
  ["Warsaw", "PL"],
  ["Berlin", "DE"],
  ["London", "GB"],
  ["Austin", "US"],
  ["Lagos", "NG"],
  ["Madrid", "ES"],
  ["Tokyo", "JP"],
  ["Toronto", "CA"],
  ["Stockholm", "SE"],
  ["Nairobi", "KE"],
] as const;
const companyWords = [
  "Analytics",
  "Energy",
  "Media",
  "Labs",
  "Capital",
  "Health",
  "Robotics",
  "Logistics",
  "Studio",
  "Bank",
];
const kinds = [
  "post",
  "post",
  "post",
  "post",
  "article",
  "release",
  "insight",
  "statement",
  "response",
  "document",
  "event",
  "podcast",
  "video",
];
const sentences = [
  "We just published our quarterly numbers and the trend is clear.",
  "Three lessons from shipping our largest release this year.",
  "Hiring: we are looking for people who care about the details.",
  "A short thread on what regulators actually ask for in an audit.",
  "Our team spent the week with customers; here is what we heard.",
  "The best analytics are boring: correct, fast and explained.",
  "Proud of the team for a clean launch with zero downtime.",
  "What would you want to see in our next public roadmap?",
];

/** Integers inline as SQL text: typed parameters make generate_series and % ambiguous. */
const int = (value: number) => sql.raw(String(Math.trunc(value)));
const literal = (values: readonly string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);

export async function generateDataSet(db: Db, options: GenerateOptions) {
  const progress = options.onProgress ?? (() => {});
  const tag = randomBytes(3).toString("hex");
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const firsts = literal(firstNames);
  const lasts = literal(lastNames);
  const profs = literal(professions);
  const cityNames = literal(cities.map((c) => c[0]));
  const countries = literal(cities.map((c) => c[1]));
  const verif = literal(["verified", "verified", "not_verified", "pending", "rejection"]);
  const tiers = literal(["basic", "basic", "standard", "premium"]);

  progress(`people: ${options.people}`);
  await db.execute(sql`
    INSERT INTO users (id, name, email, email_verified, status, date_of_birth)
    SELECT 'gen-u-' || ${tag} || '-' || i,
           (${firsts})[1 + i % 26] || ' ' || (${lasts})[1 + (i / 26) % 26],
           'person' || i || '-' || ${tag} || '@seed.verified.local', true, 'active', '1988-05-04'
    FROM generate_series(1, ${int(options.people)}) AS i`);
  await db.execute(sql`
    INSERT INTO accounts (id, account_id, provider_id, user_id, password)
    SELECT 'gen-a-' || ${tag} || '-' || i, 'gen-u-' || ${tag} || '-' || i, 'credential',
           'gen-u-' || ${tag} || '-' || i, ${passwordHash}
    FROM generate_series(1, ${int(options.people)}) AS i`);
  await db.execute(sql`
    INSERT INTO profiles (id, type, user_id, slug, name, profession, city, country, about,
                          verification_status, privacy)
    SELECT 'gen-p-' || ${tag} || '-' || i, 'user', 'gen-u-' || ${tag} || '-' || i,
           lower((${firsts})[1 + i % 26] || '.' || (${lasts})[1 + (i / 26) % 26]) || '.' || ${tag} || i,
           (${firsts})[1 + i % 26] || ' ' || (${lasts})[1 + (i / 26) % 26],
           (${profs})[1 + i % 12], (${cityNames})[1 + i % 10], (${countries})[1 + i % 10],
           'Working on ' || lower((${profs})[1 + i % 12]) || ' problems in ' || (${cityNames})[1 + i % 10] || '.',
           (${verif})[1 + i % 5], 'base_privacy'
    FROM generate_series(1, ${int(options.people)}) AS i`);
  // Plans live in subscriptions (a trigger gave each profile its basic row).
  await db.execute(sql`
    UPDATE subscriptions SET plan_tier = (${tiers})[1 + substring(owner_profile_id from '[0-9]+$')::int % 4]
    WHERE owner_profile_id LIKE ${`gen-p-${tag}-%`} AND owner_profile_id ~ '[0-9]$'`);

  progress(`companies: ${options.companies}`);
  await db.execute(sql`
    INSERT INTO profiles (id, type, slug, name, profession, city, country, about, verification_status)
    SELECT 'gen-c-' || ${tag} || '-' || i, 'company',
           lower((${lasts})[1 + i % 26] || '-' || (${literal(companyWords)})[1 + i % 10]) || '-' || ${tag} || i,
           (${lasts})[1 + i % 26] || ' ' || (${literal(companyWords)})[1 + i % 10],
           (${literal(companyWords)})[1 + i % 10], (${cityNames})[1 + i % 10], (${countries})[1 + i % 10],
           'A company working in ' || lower((${literal(companyWords)})[1 + i % 10]) || '.',
           (${verif})[1 + i % 5]
    FROM generate_series(1, ${int(options.companies)}) AS i`);
  await db.execute(sql`
    UPDATE subscriptions SET plan_tier = 'standard' WHERE owner_profile_id LIKE ${`gen-c-${tag}-%`}`);
  if (options.people > 0 && options.companies > 0) {
    await db.execute(sql`
      INSERT INTO company_members (company_id, user_id, role)
      SELECT 'gen-c-' || ${tag} || '-' || i, 'gen-u-' || ${tag} || '-' || (1 + (i * 7) % ${int(options.people)}), 'owner'
      FROM generate_series(1, ${int(options.companies)}) AS i`);
  }

  // Owners: people first, then companies, addressed by index so items spread over everyone.
  const owners = options.people + options.companies;
  progress(`items: ${options.items}`);
  const batch = 100_000;
  for (let start = 1; start <= options.items && owners > 0; start += batch) {
    const end = Math.min(options.items, start + batch - 1);
    await db.execute(sql`
      INSERT INTO content_items (id, owner_id, kind, slug, title, content, short_content, status, publication_date)
      SELECT 'gen-i-' || ${tag} || '-' || i,
             CASE WHEN i % ${int(owners)} < ${int(options.people)}
                  THEN 'gen-p-' || ${tag} || '-' || (1 + i % ${int(owners)})
                  ELSE 'gen-c-' || ${tag} || '-' || (1 + i % ${int(owners)} - ${int(options.people)}) END,
             (${literal(kinds)})[1 + i % 13],
             'item-' || ${tag} || '-' || i,
             CASE WHEN (${literal(kinds)})[1 + i % 13] = 'post' THEN NULL ELSE (${literal(sentences)})[1 + i % 8] END,
             (${literal(sentences)})[1 + i % 8] || ' ' || (${literal(sentences)})[1 + (i / 8) % 8],
             (${literal(sentences)})[1 + i % 8],
             'active',
             now() - make_interval(secs => (i * 613) % (730 * 86400))
      FROM generate_series(${int(start)}, ${int(end)}) AS i`);
    progress(`items: ${end}/${options.items}`);
  }

  progress(`follows: ${options.followsPerPerson} per person`);
  if (options.people > 1) {
    const f = Math.min(options.followsPerPerson, options.people - 1);
    await db.execute(sql`
      INSERT INTO follows (follower_id, followee_id)
      SELECT 'gen-p-' || ${tag} || '-' || i,
             'gen-p-' || ${tag} || '-' || (1 + (i + k * 7919) % ${int(options.people)})
      FROM generate_series(1, ${int(options.people)}) AS i, generate_series(1, ${int(f)}) AS k
      WHERE (1 + (i + k * 7919) % ${int(options.people)}) <> i
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`
      UPDATE profiles p SET followers_count = c.n
      FROM (SELECT followee_id, count(*)::int AS n FROM follows GROUP BY followee_id) c
      WHERE c.followee_id = p.id`);
    await db.execute(sql`
      UPDATE profiles p SET following_count = c.n
      FROM (SELECT follower_id, count(*)::int AS n FROM follows GROUP BY follower_id) c
      WHERE c.follower_id = p.id`);
  }
  if (options.heavyOwnerItems) {
    progress(`heavy publisher: ${options.heavyOwnerItems} items`);
    const owner = `gen-p-${tag}-heavy`;
    await db.execute(sql`
      INSERT INTO users (id, name, email, email_verified, status)
      VALUES (${`gen-u-${tag}-heavy`}, 'Heavy Publisher', ${`heavy-${tag}@seed.verified.local`}, true, 'active')`);
    await db.execute(sql`
      INSERT INTO profiles (id, type, user_id, slug, name, profession, verification_status, privacy)
      VALUES (${owner}, 'user', ${`gen-u-${tag}-heavy`}, 'heavy.publisher', 'Heavy Publisher', 'Newsroom', 'verified',
              -- Public to visitors: the benches load its page without a session too (decision 0014).
              'public_verified')
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`UPDATE subscriptions SET plan_tier = 'premium' WHERE owner_profile_id = ${owner}`);
    await db.execute(sql`
      INSERT INTO content_items (id, owner_id, kind, slug, title, content, short_content, status, publication_date)
      SELECT 'gen-h-' || ${tag} || '-' || i, ${owner}, (${literal(kinds)})[1 + i % 13], 'heavy-' || ${tag} || '-' || i,
             CASE WHEN (${literal(kinds)})[1 + i % 13] = 'post' THEN NULL ELSE (${literal(sentences)})[1 + i % 8] END,
             (${literal(sentences)})[1 + i % 8], (${literal(sentences)})[1 + i % 8], 'active',
             now() - make_interval(secs => i * 60)
      FROM generate_series(1, ${int(options.heavyOwnerItems)}) AS i`);
  }
  // Vacuumed as well as analyzed: a freshly loaded million rows otherwise keeps autovacuum busy
  // for minutes afterwards, in the middle of whatever is measured next (the benches' p99).
  await db.execute(sql`VACUUM ANALYZE`);
  return { tag, people: options.people, companies: options.companies, items: options.items };
}
