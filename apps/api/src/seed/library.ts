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
  idvAppeals,
  idvTransactions,
  profiles,
  subscriptions,
  users,
} from "../db/schema/index";
import { slugify, uniqueSlug } from "../lib/slug";
import { subscribeModules } from "../modules/index";
import { follow as followEdge } from "../shared/social-graph";
import { type SeededTwoFactor, seedTwoFactor, type TwoFactorSeed } from "./two-factor";

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
  staffRole?: "moderator" | "admin";
  /**
   * Issue 16: staff sign in with a second factor, so a person with a staffRole gets one on (TOTP)
   * unless this is `false` (staff who have not set it up: no staff rights yet). Anyone else gets
   * one only when this is given. `secret` is the base32 authenticator key (random when omitted).
   */
  twoFactor?: TwoFactorSeed | false;
  status?: "active" | "profile-not-completed" | "deleted" | "blocked";
  dateOfBirth?: string;
  /** Issue 18: the guided tour is still ahead of them (as for someone who just joined). */
  onboardingTour?: boolean;
}

export interface SeededPerson {
  userId: string;
  profileId: string;
  slug: string;
  email: string;
  /** The second factor, when one was turned on (base32 key and the backup codes). */
  twoFactor?: SeededTwoFactor;
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
      staffRole: input.staffRole ?? null,
      dateOfBirth: input.dateOfBirth ?? "1990-01-01",
      consentedAt: new Date(),
      profileCompletedAt: (input.status ?? "active") === "profile-not-completed" ? null : new Date(),
      // Seeded people have been around: the guided tour is behind them unless asked (issue 18).
      onboardingFinishedAt: input.onboardingTour ? null : new Date(),
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
      // A blocked account's public profile is blocked with it.
      status: input.status === "blocked" ? "blocked" : "active",
    });
    await setPlan(tx, profileId, input.planTier);
  });
  const wantsTwoFactor = input.twoFactor !== false && (input.staffRole !== undefined || input.twoFactor);
  const twoFactor = wantsTwoFactor
    ? await seedTwoFactor(db, userId, input.twoFactor === false ? {} : (input.twoFactor ?? {}))
    : undefined;
  return { userId, profileId, slug, email: input.email.toLowerCase(), ...(twoFactor ? { twoFactor } : {}) };
}

/** A seeded paid plan runs for a month from now (the profile's trigger made its basic row). */
async function setPlan(db: Db, profileId: string, tier: PlanTier | undefined): Promise<void> {
  if (!tier || tier === "basic") return;
  await db
    .update(subscriptions)
    .set({ planTier: tier, currentPeriodEnd: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000) })
    .where(sql`${subscriptions.ownerProfileId} = ${profileId}`);
}

/**
 * The identity-verification history behind a seeded status (issue 12), so every screen of
 * /verification has something true to show: an accepted check for the verified, a check being
 * processed for the pending, a fixable rejection for the failed, a final one for the rejected (who
 * may appeal) and a final one with its appeal waiting for staff for the appealed.
 */
export async function createVerificationHistory(
  db: Db,
  person: SeededPerson,
  status: VerificationStatus,
  country = "PL",
): Promise<void> {
  if (status === "not_verified") return;
  const day = 24 * 60 * 60 * 1000;
  const createdAt = new Date(Date.now() - 2 * day);
  const base = {
    userId: person.userId,
    profileId: person.profileId,
    provider: "sandbox",
    country,
    documentType: "passport",
    attempt: 1,
    createdAt,
    submittedAt: createdAt,
  };
  const transactionId = randomUUID();
  switch (status) {
    case "verified":
      await db.insert(idvTransactions).values({
        ...base,
        id: transactionId,
        status: "accepted",
        stage: "decided",
        documentNumberEnd: "0001",
        decidedAt: createdAt,
      });
      return;
    case "pending":
      await db.insert(idvTransactions).values({
        ...base,
        id: transactionId,
        status: "pending",
        stage: "processing",
        documentNumberEnd: "0004",
      });
      return;
    case "failed":
      await db.insert(idvTransactions).values({
        ...base,
        id: transactionId,
        status: "rejected",
        stage: "decided",
        documentNumberEnd: "0002",
        reasonCode: "document_unreadable",
        decidedAt: createdAt,
      });
      return;
    case "rejection":
    case "appealed":
      await db.insert(idvTransactions).values({
        ...base,
        id: transactionId,
        status: "rejected",
        stage: "decided",
        documentNumberEnd: "0003",
        reasonCode: "document_fraudulent",
        decidedAt: createdAt,
      });
      if (status === "appealed") {
        await db.insert(idvAppeals).values({
          id: randomUUID(),
          transactionId,
          userId: person.userId,
          message: "My passport is genuine; it was issued last year. Please check it again.",
        });
      }
      return;
  }
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
    });
    await setPlan(tx, profileId, input.planTier);
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

/**
 * A follow, written by the product's own follow (shared/social-graph.ts): the edge, both counters,
 * the block check and the followee's notification, exactly as the follow route writes them.
 */
export async function follow(db: Db, followerId: string, followeeId: string): Promise<void> {
  // The notification is a subscriber of profile.followed; a seed run outside the app needs them too.
  subscribeModules();
  await followEdge({ db }, followerId, followeeId);
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
