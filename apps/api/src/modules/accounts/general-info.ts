import { randomUUID } from "node:crypto";
import type { SessionActor } from "@vn/contract";
import { AppError, type GeneralInfo, messages, type ProfileUpdate } from "@vn/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { profiles, users } from "../../db/schema/index";
import { checkHandle, generateHandle } from "../../shared/handles";
import { profileImage } from "../../shared/profile-view";
import { checkPageImage, contactsPatch, mergeSocialLinks } from "../profiles/page-fields";

/**
 * The personal profile every login gets at sign-up, with a free generated handle (two digits);
 * the create-profile wizard lets the person change it. Retries when a concurrent sign-up took
 * the same handle.
 */
export async function createPersonalProfile(
  db: Db,
  input: { userId: string; email: string; name?: string },
): Promise<{ profileId: string; slug: string }> {
  const source = input.name || input.email.split("@")[0] || "member";
  for (let attempt = 0; ; attempt++) {
    const slug = await generateHandle(db, source, "user");
    const profileId = randomUUID();
    try {
      await db
        .insert(profiles)
        .values({ id: profileId, type: "user", userId: input.userId, slug, name: input.name ?? "" });
      return { profileId, slug };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
      // The person already has one (a retried request) → keep it.
      const [existing] = await db
        .select({ id: profiles.id, slug: profiles.slug })
        .from(profiles)
        .where(and(eq(profiles.userId, input.userId), eq(profiles.type, "user")))
        .limit(1);
      if (existing) return { profileId: existing.id, slug: existing.slug };
    }
  }
}

export async function getGeneralInfo(db: Db, userId: string): Promise<GeneralInfo> {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .innerJoin(profiles, and(eq(profiles.userId, users.id), eq(profiles.type, "user")))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError("request_invalidSessionToken");
  const { user, profile } = row;
  return {
    name: profile.name,
    slug: profile.slug,
    email: user.email,
    phone: user.phone,
    dateOfBirth: user.dateOfBirth,
    profession: profile.profession,
    city: profile.city,
    country: profile.country,
    about: profile.about,
    imageUrl: profile.imageUrl,
    image: profileImage(profile.imageUrl),
    isProfileWizardCompleted: user.profileCompletedAt !== null || user.status === "active",
    isCompanyWizardCompleted: user.companyWizardCompletedAt !== null,
  };
}

/**
 * PATCH /users/me/general-info: the caller's own profile only (the route takes no id). A changed
 * handle must be free to them (taken → 409 slug_alreadyTakenConflict; a handle without two digits
 * → 403 account_accessForbiddenByPlan unless verified Premium). Once name and date of birth are
 * set, a profile-not-completed account becomes active. The page's fields (issue 14): social links
 * (site is the website), contacts, and a background that must be one's own user_background_image.
 */
export async function updateGeneralInfo(
  db: Db,
  actor: SessionActor,
  input: ProfileUpdate,
): Promise<GeneralInfo> {
  const ownProfileId = actor.ownProfileId;
  if (!ownProfileId) throw new AppError("request_invalidSessionToken");
  if (input.slug !== undefined) {
    const check = await checkHandle(db, input.slug, { ...actor, profileId: ownProfileId });
    if (check.reason === "taken")
      throw new AppError("slug_alreadyTakenConflict", { details: { slug: input.slug } });
    if (check.reason === "needsPremium") {
      throw new AppError("account_accessForbiddenByPlan", {
        message: messages.handleNeedsPremium,
        details: { slug: input.slug },
      });
    }
  }

  if (input.backgroundImageUrl) {
    await checkPageImage(db, input.backgroundImageUrl, {
      ownerProfileId: ownProfileId,
      uploadType: "user_background_image",
      field: "backgroundImageUrl",
    });
  }

  const profilePatch: Partial<typeof profiles.$inferInsert> = input.contacts
    ? contactsPatch(input.contacts)
    : {};
  if (input.name !== undefined) profilePatch.name = input.name;
  if (input.slug !== undefined) profilePatch.slug = input.slug;
  if (input.profession !== undefined) profilePatch.profession = input.profession;
  if (input.city !== undefined) profilePatch.city = input.city;
  if (input.country !== undefined) profilePatch.country = input.country;
  if (input.about !== undefined) profilePatch.about = input.about;
  if (input.imageUrl !== undefined) profilePatch.imageUrl = input.imageUrl;
  if (input.backgroundImageUrl !== undefined) profilePatch.backgroundUrl = input.backgroundImageUrl;
  const userPatch: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) userPatch.name = input.name;
  if (input.dateOfBirth !== undefined) userPatch.dateOfBirth = input.dateOfBirth;
  if (input.imageUrl !== undefined) userPatch.image = input.imageUrl;

  try {
    await db.transaction(async (tx) => {
      const now = new Date();
      if (input.socialLinks) {
        // Merged under a row lock, so two saves of different links do not undo each other.
        const [current] = await tx
          .select({ socialLinks: profiles.socialLinks })
          .from(profiles)
          .where(eq(profiles.id, ownProfileId))
          .for("update");
        profilePatch.socialLinks = mergeSocialLinks(current?.socialLinks ?? "{}", input.socialLinks);
      }
      if (Object.keys(profilePatch).length > 0) {
        await tx
          .update(profiles)
          .set({ ...profilePatch, updatedAt: now })
          .where(eq(profiles.id, ownProfileId));
      }
      await tx
        .update(users)
        .set({ ...userPatch, updatedAt: now })
        .where(eq(users.id, actor.userId));
      if (input.isCompanyWizardCompleted) {
        await tx
          .update(users)
          .set({ companyWizardCompletedAt: now })
          .where(and(eq(users.id, actor.userId), isNull(users.companyWizardCompletedAt)));
      }
      // The wizard is complete when the required fields are there (name, handle, date of birth).
      await tx.execute(sql`
        update ${users} set status = 'active', profile_completed_at = coalesce(profile_completed_at, now())
        where ${users.id} = ${actor.userId}
          and ${users.status} = 'profile-not-completed'
          and ${users.dateOfBirth} is not null
          and exists (select 1 from ${profiles} where ${profiles.id} = ${ownProfileId} and length(${profiles.name}) > 0)`);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("slug_alreadyTakenConflict", { details: { slug: input.slug } });
    throw error;
  }
  return getGeneralInfo(db, actor.userId);
}
