import {
  AppError,
  type CompanyPageSettings,
  type CompanyPageUpdate,
  type SessionActor,
  type VerificationStatus,
} from "@vn/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../../db/schema/index";
import { writeAudit } from "../../shared/audit";
import { profileImage } from "../../shared/profile-view";
import {
  checkPageImage,
  contactsOf,
  contactsPatch,
  mergeSocialLinks,
  parseSocialLinks,
} from "../profiles/page-fields";

/**
 * Editing a company page (issue 14). The route's policy has already asked for the topics scope (decision 0019)
 * of the acting member's role; here the company must be the one being acted as, because scopes
 * are the acting profile's (policy layer): a person acting as themselves, or as another company,
 * holds no scope over this one.
 */

type ProfileRow = typeof profiles.$inferSelect;

async function loadCompany(db: Db, id: string, options: { forUpdate?: boolean } = {}): Promise<ProfileRow> {
  const query = db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.type, "company"), eq(profiles.status, "active")))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw new AppError("company_notFound");
  return row;
}

/** The company the caller acts as, by id: a missing one is 404; one they are not acting as, 403. */
async function actedCompany(db: Db, actor: SessionActor, id: string, forUpdate = false): Promise<ProfileRow> {
  const row = await loadCompany(db, id, { forUpdate });
  if (actor.profileType !== "company" || actor.profileId !== row.id) throw new AppError("request_forbidden");
  return row;
}

function settingsOf(row: ProfileRow): CompanyPageSettings {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    about: row.about,
    image: profileImage(row.imageUrl),
    backgroundImage: profileImage(row.backgroundUrl),
    socialLinks: parseSocialLinks(row.socialLinks),
    contacts: contactsOf(row),
    verificationStatus: row.verificationStatus as VerificationStatus,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit keeps of a page: its editable fields, not the whole row. */
function auditedFields(settings: CompanyPageSettings) {
  const { id: _id, slug: _slug, verificationStatus: _status, updatedAt: _updated, ...fields } = settings;
  return {
    ...fields,
    image: settings.image?.urls.preview ?? null,
    backgroundImage: settings.backgroundImage?.urls.preview ?? null,
  };
}

export async function companyPageSettings(
  db: Db,
  actor: SessionActor,
  id: string,
): Promise<CompanyPageSettings> {
  return settingsOf(await actedCompany(db, actor, id));
}

/**
 * PATCH /companies/:id: any subset of the page's fields, in one transaction with its audit entry
 * (company.updated, before and after). Pictures must be the company's own uploads of their type.
 */
export async function updateCompanyPage(
  db: Db,
  actor: SessionActor,
  id: string,
  input: CompanyPageUpdate,
): Promise<CompanyPageSettings> {
  // Refuse a stranger before looking at what they sent.
  await actedCompany(db, actor, id);
  const images = [
    { url: input.logoUrl, uploadType: "company_image", field: "logoUrl" },
    { url: input.backgroundImageUrl, uploadType: "company_background_image", field: "backgroundImageUrl" },
  ] as const;
  for (const { url, uploadType, field } of images) {
    if (url) await checkPageImage(db, url, { ownerProfileId: id, uploadType, field });
  }

  return db.transaction(async (tx) => {
    const before = await actedCompany(tx, actor, id, true);
    const patch: Partial<typeof profiles.$inferInsert> = input.contacts ? contactsPatch(input.contacts) : {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.about !== undefined) patch.about = input.about;
    if (input.logoUrl !== undefined) patch.imageUrl = input.logoUrl;
    if (input.backgroundImageUrl !== undefined) patch.backgroundUrl = input.backgroundImageUrl;
    if (input.socialLinks) patch.socialLinks = mergeSocialLinks(before.socialLinks, input.socialLinks);
    if (Object.keys(patch).length === 0) return settingsOf(before);

    const [after] = await tx
      .update(profiles)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(profiles.id, id))
      .returning();
    if (!after) throw new AppError("company_notFound");
    await writeAudit(tx, {
      action: "company.updated",
      resourceType: "company",
      resourceId: id,
      before: auditedFields(settingsOf(before)),
      after: auditedFields(settingsOf(after)),
    });
    return settingsOf(after);
  });
}
