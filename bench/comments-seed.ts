import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { openDatabase } from "../apps/api/src/db/client";
import { profiles, sessions } from "../apps/api/src/db/schema/index";
import { sessionTokenDigest } from "../apps/api/src/policy/token";
import { createContent, createPerson } from "../apps/api/src/seed/library";

/**
 * The live-comments benchmark's data, written straight into the database before any API starts
 * (comments.bench.ts runs it in its own process, with the API's DATABASE_URL or DATA_DIR):
 * - a verified (so public, decision 0014) owner with one post: visitors may join its room;
 * - `authors` verified authors, whose comments everyone in the room may see, and `authors`
 *   verified ones who keep to base_privacy (only members may see them), whose comments only
 *   signed-in sockets may see (only verified people may comment at all);
 * - `viewers` people for the signed-in sockets, every other one verified;
 * - a session per author and viewer (stored as sign-in stores it: the token's digest).
 * Prints one JSON line (Seeded).
 *   tsx bench/comments-seed.ts <authors> <viewers>
 */
export interface Seeded {
  room: { ownerSlug: string; contentSlug: string; contentType: "post" };
  postId: string;
  publicAuthors: string[];
  memberAuthors: string[];
  viewers: string[];
}

const authors = Number(process.argv[2] ?? 2);
const viewerCount = Number(process.argv[3] ?? 20);
const tag = randomBytes(3).toString("hex");
const database = await openDatabase({
  url: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ? `${process.env.DATA_DIR}/pglite` : undefined,
});
await database.migrate();
const { db } = database;

async function personWithToken(name: string, verified: boolean, membersOnly = false): Promise<string> {
  const person = await createPerson(db, {
    name: `Bench ${name}`,
    email: `comments-bench-${name}-${tag}@bench.local`,
    slug: `comments.bench.${name}.${tag}`,
    verificationStatus: verified ? "verified" : "not_verified",
  });
  if (membersOnly) {
    await db.update(profiles).set({ privacy: "base_privacy" }).where(eq(profiles.id, person.profileId));
  }
  const token = randomBytes(24).toString("base64url");
  await db.insert(sessions).values({
    id: randomUUID(),
    token: sessionTokenDigest(token),
    userId: person.userId,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return token;
}

try {
  const owner = await createPerson(db, {
    name: "Bench Owner",
    email: `comments-bench-owner-${tag}@bench.local`,
    slug: `comments.bench.owner.${tag}`,
    verificationStatus: "verified",
  });
  const post = await createContent(db, { ownerId: owner.profileId, kind: "post", content: "Live comments" });
  const seeded: Seeded = {
    room: { ownerSlug: owner.slug, contentSlug: post.slug, contentType: "post" },
    postId: post.id,
    publicAuthors: [],
    memberAuthors: [],
    viewers: [],
  };
  for (let i = 0; i < authors; i++) {
    seeded.publicAuthors.push(await personWithToken(`public${i}`, true));
    seeded.memberAuthors.push(await personWithToken(`member${i}`, true, true));
  }
  for (let i = 0; i < viewerCount; i++) seeded.viewers.push(await personWithToken(`viewer${i}`, i % 2 === 0));
  console.log(JSON.stringify(seeded));
} finally {
  await database.close();
}
