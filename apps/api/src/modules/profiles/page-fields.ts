import {
  AppError,
  type ContactsUpdate,
  messages,
  type SocialLinksUpdate,
  socialLinkKeys,
  type UploadType,
} from "@vn/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mediaFiles, type profiles } from "../../db/schema/index";
import { publicUrl } from "../../shared/media-view";

/**
 * The page fields people and companies share (issue 14): social links, contacts and a background
 * image, read from and written to the `profiles` row the same way for both kinds of page.
 */

type ProfileRow = typeof profiles.$inferSelect;
export type SocialLinks = Record<(typeof socialLinkKeys)[number], string | null>;

/** The stored links (a JSON text column), every key present; a malformed value shows as none. */
export function parseSocialLinks(raw: string): SocialLinks {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    // A malformed stored value shows as no links rather than failing the page.
  }
  return Object.fromEntries(
    socialLinkKeys.map((k) => [k, typeof parsed[k] === "string" ? (parsed[k] as string) : null]),
  ) as SocialLinks;
}

/** The stored links with the sent ones applied: undefined keeps a link, null removes it. */
export function mergeSocialLinks(raw: string, patch: SocialLinksUpdate): string {
  const links = parseSocialLinks(raw);
  for (const key of socialLinkKeys) {
    const value = patch[key];
    if (value !== undefined) links[key] = value;
  }
  // Only the links that are set are kept, so an emptied page stores "{}" as a new one does.
  return JSON.stringify(Object.fromEntries(Object.entries(links).filter(([, v]) => v !== null)));
}

export function contactsOf(row: ProfileRow) {
  return {
    mainEmail: row.contactEmail,
    mainPhone: row.contactPhone,
    additionalEmail: row.additionalEmail,
    additionalPhone: row.additionalPhone,
  };
}

/** The columns a contacts patch sets (undefined keeps, null clears). */
export function contactsPatch(contacts: ContactsUpdate): Partial<typeof profiles.$inferInsert> {
  const patch: Partial<typeof profiles.$inferInsert> = {};
  if (contacts.mainEmail !== undefined) patch.contactEmail = contacts.mainEmail;
  if (contacts.mainPhone !== undefined) patch.contactPhone = contacts.mainPhone;
  if (contacts.additionalEmail !== undefined) patch.additionalEmail = contacts.additionalEmail;
  if (contacts.additionalPhone !== undefined) patch.additionalPhone = contacts.additionalPhone;
  return patch;
}

/**
 * A page's picture must be an image this page uploaded as `uploadType`, given by one of the
 * public URLs the media pipeline made for it: otherwise any page could show a picture from
 * anywhere (or another page's upload) as its own. Anything else is a 422 on the field.
 */
export async function checkPageImage(
  db: Db,
  url: string,
  expected: { ownerProfileId: string; uploadType: UploadType; field: string },
): Promise<void> {
  const refuse = () =>
    new AppError("request_validationFailed", {
      details: [{ path: `body.${expected.field}`, message: messages.pageImageNotUploaded }],
    });
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    throw refuse();
  }
  const mediaId = /^\/api\/media\/public\/([^/]+)\//.exec(pathname)?.[1];
  if (!mediaId) throw refuse();
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, mediaId)).limit(1);
  if (
    !row ||
    row.ownerId !== expected.ownerProfileId ||
    row.uploadType !== expected.uploadType ||
    row.kind !== "image" ||
    row.contentItemId !== null
  )
    throw refuse();
  const madeUrls = Object.values(row.outputs).map((output) => publicUrl(output));
  if (!madeUrls.includes(url)) throw refuse();
}
