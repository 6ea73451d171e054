import { randomUUID } from "node:crypto";
import type { ContentKind, PlanTier, VerificationStatus } from "@vn/contract";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  accounts,
  comments,
  companyMembers,
  contentItems,
  follows,
  profiles,
  users,
} from "../db/schema/index";
import { slugify, uniqueSlug } from "../lib/slug";

/**
 * The one seed library: demo data, the large benchmark data set and test fixtures all create
 * rows through these functions, so they always match what the product itself writes.
 */

export interface PersonInput {
  name: string;
  email: string;
  slug?: string;
  /** Plain password; hashed here. Pass passwordHash instead to reuse one hash for many rows. */
  password?: string;
  passwordHash?: string;
  profession?: string;
  city?: string;
  country?: string;
  about?: string;
  verificationStatus?: VerificationStatus;
  planTier?: PlanTier;
  status?: "active" | "profile-not-completed" | "deleted" | "blocked";
  dateOfBirth?: string;
}

export interface SeededPerson {
  userId: string;
  profileId: string;
  slug: string;
  email: string;
}

export async function createPerson(db: Db, input: PersonInput): Promise<SeededPerson> {
  const userId = randomUUID();
  const profileId = randomUUID();
  const slug = input.slug ?? slugify(input.name, 40);
  const passwordHash =
    input.passwordHash ?? (input.password ? await hashPassword(input.password) : undefined);
  const verified = input.verificationStatus === "verified";
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id: userId,
      name: input.name,
      email: input.email.toLowerCase(),
      emailVerified: true,
      status: input.status ?? "active",
      dateOfBirth: input.dateOfBirth ?? "1990-01-01",
      consentedAt: new Date(),
      profileCompletedAt: (input.status ?? "active") === "profile-not-completed" ? null : new Date(),
    });
    if (passwordHash) {
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: passwordHash,
      });
    }
    await tx.insert(profiles).values({
      id: profileId,
      type: "user",
      userId,
      slug,
      name: input.name,
      profession: input.profession,
      city: input.city,
      country: input.country,
      about: input.about,
      verificationStatus: input.verificationStatus ?? "not_verified",
      verifiedAt: verified ? new Date() : null,
      privacy: verified ? "public_verified" : "base_privacy",
      planTier: input.planTier ?? "basic",
      // A blocked account's public profile is blocked with it.
      status: input.status === "blocked" ? "blocked" : "active",
    });
  });
  return { userId, profileId, slug, email: input.email.toLowerCase() };
}

export interface CompanyInput {
  name: string;
  ownerUserId: string;
  slug?: string;
  about?: string;
  city?: string;
  country?: string;
  profession?: string;
  verificationStatus?: VerificationStatus;
  planTier?: PlanTier;
}

export async function createCompany(
  db: Db,
  input: CompanyInput,
): Promise<{ profileId: string; slug: string }> {
  const profileId = randomUUID();
  const slug = input.slug ?? slugify(input.name, 40);
  const verified = input.verificationStatus === "verified";
  await db.transaction(async (tx) => {
    await tx.insert(profiles).values({
      id: profileId,
      type: "company",
      slug,
      name: input.name,
      about: input.about,
      city: input.city,
      country: input.country,
      profession: input.profession,
      verificationStatus: input.verificationStatus ?? "not_verified",
      verifiedAt: verified ? new Date() : null,
      privacy: verified ? "public_verified" : "base_privacy",
      planTier: input.planTier ?? "basic",
    });
    await tx
      .insert(companyMembers)
      .values({ companyId: profileId, userId: input.ownerUserId, role: "owner" });
  });
  return { profileId, slug };
}

export interface ContentInput {
  ownerId: string;
  kind: ContentKind;
  title?: string;
  content?: string;
  description?: string;
  slug?: string;
  status?: "draft" | "planned" | "active" | "blocked" | "removed";
  publicationDate?: Date;
  repostOfId?: string;
  quote?: string;
  startsAt?: Date;
  endsAt?: Date;
  place?: string;
  onlineUrl?: string;
  repostsEnabled?: boolean;
}

export async function createContent(db: Db, input: ContentInput): Promise<{ id: string; slug: string }> {
  const id = randomUUID();
  const slug = input.slug ?? uniqueSlug(input.title ?? input.content?.slice(0, 40) ?? input.kind);
  const text = input.content ?? "";
  await db.insert(contentItems).values({
    id,
    ownerId: input.ownerId,
    kind: input.kind,
    slug,
    title: input.title,
    description: input.description,
    content: input.content,
    shortContent:
      text
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 280) || null,
    status: input.status ?? "active",
    publicationDate: input.publicationDate ?? new Date(),
    repostOfId: input.repostOfId,
    quote: input.quote,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    place: input.place,
    onlineUrl: input.onlineUrl,
    repostsEnabled: input.repostsEnabled ?? false,
  });
  return { id, slug };
}

export async function follow(db: Db, followerId: string, followeeId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(follows)
      .values({ followerId, followeeId })
      .onConflictDoNothing()
      .returning({ followerId: follows.followerId });
    if (inserted.length === 0) return;
    await tx
      .update(profiles)
      .set({ followersCount: sql`${profiles.followersCount} + 1` })
      .where(sql`${profiles.id} = ${followeeId}`);
    await tx
      .update(profiles)
      .set({ followingCount: sql`${profiles.followingCount} + 1` })
      .where(sql`${profiles.id} = ${followerId}`);
  });
}

export async function addComment(
  db: Db,
  input: { contentId: string; authorId: string; body: string; parentId?: string },
): Promise<{ id: string }> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(comments).values({ id, ...input });
    await tx
      .update(contentItems)
      .set({ commentCount: sql`${contentItems.commentCount} + 1` })
      .where(sql`${contentItems.id} = ${input.contentId}`);
    if (input.parentId) {
      await tx
        .update(comments)
        .set({ replyCount: sql`${comments.replyCount} + 1` })
        .where(sql`${comments.id} = ${input.parentId}`);
    }
  });
  return { id };
}
