import { z } from "zod";
import { PER_PAGE_DEFAULT, PER_PAGE_MAX, URL_MAX_LENGTH_HTTP } from "../constants";
import { type DetailSegment, detailSegments, FOLDER_MAX } from "../content";
import { commentsModes, contentKinds, contentStatuses, mediaSubSections, profileTabs } from "../enums";
import { commonMessages } from "../messages/common";
import { format } from "../messages/format";
import { sharedMessages } from "../messages/shared";
import { validationMessages } from "../messages/validation";
import { cleanText } from "../text";
import { userText } from "./common";
import { contentMediaRequestSchema } from "./media";
import { profileSlugSchema } from "./profiles";

/**
 * Publications (spec §3 "Content item", "Content settings"; §5 post rules; §7 Content).
 * One schema family for every kind; kind-specific rules are refinements.
 */

/** Kinds people create. news, opinion and story are aliases or reserved; repost has its own call. */
export const creatableKinds = [
  "post",
  "response",
  "insight",
  "release",
  "statement",
  "article",
  "document",
  "event",
  "audio",
  "podcast",
  "video",
  "question",
  "link",
] as const;
export type CreatableKind = (typeof creatableKinds)[number];
/** news maps to releases (§2). */
export function canonicalKind(kind: string): string {
  return kind === "news" ? "release" : kind;
}
export const recordingKinds = ["audio", "podcast", "video"] as const;
export const richTextKinds = ["article", "release", "statement", "insight", "response"] as const;

/** Media sub-section (§2) → the kinds it lists. */
export const sectionKinds: Record<(typeof mediaSubSections)[number], readonly string[]> = {
  releases: ["release", "news"],
  responses: ["response"],
  statements: ["statement"],
  posts: ["post", "repost"],
  insights: ["insight"],
  videos: ["video"],
  podcasts: ["podcast", "audio"],
  files: ["document"],
  events: ["event"],
  /** The same documents as files, shown grouped by their folder. */
  folders: ["document"],
  questions: ["question"],
  links: ["link"],
};

/** A publication's slug in a public path. */
export const contentSlugSchema = userText().min(1).max(254);
/** `/content/:segment/:slug`: a detail page's route segment and the publication's slug. */
export const contentDetailParamsSchema = z.object({
  segment: z.enum(Object.keys(detailSegments) as [DetailSegment]),
  slug: contentSlugSchema,
});
/** The owner's handle, when the slug alone may be ambiguous. */
export const contentDetailQuerySchema = z.object({ owner: profileSlugSchema.optional() });
/** Kind → its canonical detail route segment. */
export function detailSegmentOf(kind: string): string {
  switch (kind) {
    case "release":
    case "news":
      return "releases";
    case "statement":
      return "statements";
    case "response":
      return "responses";
    case "insight":
      return "insights";
    case "document":
      return "files";
    case "event":
      return "events";
    case "article":
      return "articles";
    case "repost":
      return "quote";
    case "question":
      return "questions";
    case "link":
      return "links";
    case "audio":
    case "podcast":
      return "recordings/podcast";
    case "video":
      return "recordings/video";
    default:
      return "posts";
  }
}

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const QUOTE_MAX = 3000;
export const PLACE_MAX = 300;

export const contentSettingsSchema = z.object({
  commentsMode: z.enum(commentsModes).default("open"),
  reactionsEnabled: z.boolean().default(true),
  repostsEnabled: z.boolean().default(false),
  viewsEnabled: z.boolean().default(true),
});
export type ContentSettings = z.infer<typeof contentSettingsSchema>;

const optionalTrimmed = (max: number) =>
  userText()
    .trim()
    .max(max, format(sharedMessages.maxChars, { count: max }))
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * An event's online link: http or https only. Any other scheme (javascript:, data:, vbscript:,
 * file:) would run or open something on the reader's side when followed (issue 11).
 */
export const eventUrlSchema = userText()
  .trim()
  .max(URL_MAX_LENGTH_HTTP, commonMessages.urlTooLong)
  .pipe(z.url({ protocol: /^https?$/, error: validationMessages.invalidUrl }));

/**
 * An event's own time zone (issue 18): an IANA name the runtime knows ("Europe/Warsaw"), kept
 * as the runtime's canonical spelling. Fixed offsets and made-up names are refused.
 */
export const timeZoneSchema = userText()
  .trim()
  .max(64, validationMessages.timeZoneInvalid)
  .transform((zone, ctx) => {
    if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone)) {
      ctx.addIssue({ code: "custom", message: validationMessages.timeZoneInvalid });
      return z.NEVER;
    }
    try {
      return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({ code: "custom", message: validationMessages.timeZoneInvalid });
      return z.NEVER;
    }
  });

/**
 * A document's folder on its owner's profile (the Folders section, issue 18): cleaned (§5), one
 * line, 1–64 characters. An empty value (or null) files the document in none ("Unfiled").
 */
export const documentFolderSchema = userText()
  .transform(cleanText)
  .pipe(
    z
      .string()
      .max(FOLDER_MAX, format(sharedMessages.maxChars, { count: FOLDER_MAX }))
      .refine((v) => !/[\n\t]/.test(v), { message: validationMessages.folderOneLine }),
  )
  .transform((v) => (v ? v : null))
  .nullable();

export const contentCreateRequestSchema = z
  .object({
    kind: z.enum([...creatableKinds, "news"]).transform((k) => canonicalKind(k) as CreatableKind),
    title: optionalTrimmed(TITLE_MAX),
    description: optionalTrimmed(DESCRIPTION_MAX),
    /** Plain text for posts; HTML (sanitized by the server) for rich kinds. Limits are the plan's. */
    content: userText().max(200_000, validationMessages.contentTooLong).optional(),
    /** ISO date-time. In the future → planned (needs the schedule feature); absent → now. */
    publicationDate: z.iso.datetime({ offset: true }).optional(),
    draft: z.boolean().default(false),
    startsAt: z.iso.datetime({ offset: true }).optional(),
    endsAt: z.iso.datetime({ offset: true }).optional(),
    place: optionalTrimmed(PLACE_MAX),
    onlineUrl: eventUrlSchema.optional(),
    /** An event's zone: its times are shown in it (and in the viewer's, when that differs). */
    timeZone: timeZoneSchema.optional(),
    /** A document's folder (issue 18); only documents are filed. */
    folder: documentFolderSchema.optional(),
    settings: contentSettingsSchema.partial().optional(),
    /** Media uploaded beforehand, saved with the publication in one transaction. */
    media: contentMediaRequestSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const need = (field: "title" | "content" | "description", ok: boolean) => {
      if (!ok) ctx.addIssue({ code: "custom", path: [field], message: sharedMessages.fieldRequired });
    };
    const hasText = (v: string | undefined) => Boolean(v?.replace(/<[^>]*>/g, "").trim());
    if (value.kind === "post") need("content", hasText(value.content));
    if ((richTextKinds as readonly string[]).includes(value.kind)) {
      need("title", Boolean(value.title));
      need("content", hasText(value.content));
    }
    if (value.kind === "document" || (recordingKinds as readonly string[]).includes(value.kind)) {
      need("title", Boolean(value.title));
      need("description", Boolean(value.description));
    }
    if (value.folder && value.kind !== "document")
      ctx.addIssue({ code: "custom", path: ["folder"], message: validationMessages.folderDocumentsOnly });
    // A question is its title; its details are optional (issue 18).
    if (value.kind === "question") need("title", Boolean(value.title));
    // A link is its address; the preview card comes from the page itself (GET link-previews).
    if (value.kind === "link" && !value.onlineUrl)
      ctx.addIssue({ code: "custom", path: ["onlineUrl"], message: sharedMessages.fieldRequired });
    if (value.kind === "event") {
      need("title", Boolean(value.title));
      if (!value.startsAt)
        ctx.addIssue({ code: "custom", path: ["startsAt"], message: sharedMessages.fieldRequired });
      if (!value.endsAt)
        ctx.addIssue({ code: "custom", path: ["endsAt"], message: sharedMessages.fieldRequired });
      if (value.startsAt && value.endsAt && Date.parse(value.endsAt) < Date.parse(value.startsAt)) {
        ctx.addIssue({ code: "custom", path: ["endsAt"], message: validationMessages.eventEndsBeforeStart });
      }
      if (!value.place && !value.onlineUrl) {
        ctx.addIssue({ code: "custom", path: ["place"], message: validationMessages.eventPlaceRequired });
      }
    }
  });
export type ContentCreateRequest = z.input<typeof contentCreateRequestSchema>;

export const contentUpdateRequestSchema = z.object({
  title: optionalTrimmed(TITLE_MAX),
  description: optionalTrimmed(DESCRIPTION_MAX),
  content: userText().max(200_000, validationMessages.contentTooLong).optional(),
  publicationDate: z.iso.datetime({ offset: true }).optional(),
  draft: z.boolean().optional(),
  startsAt: z.iso.datetime({ offset: true }).optional(),
  endsAt: z.iso.datetime({ offset: true }).optional(),
  place: optionalTrimmed(PLACE_MAX),
  onlineUrl: eventUrlSchema.optional(),
  timeZone: timeZoneSchema.optional(),
  /** A document's folder (issue 18): absent keeps it, empty or null takes it out of its folder. */
  folder: documentFolderSchema.optional(),
  settings: contentSettingsSchema.partial().optional(),
  /** Changes to the media (absent fields stay, null clears), saved with the edit in one transaction. */
  media: contentMediaRequestSchema.optional(),
});
export type ContentUpdateRequest = z.input<typeof contentUpdateRequestSchema>;

export const repostRequestSchema = z
  .object({
    /** With a quote the repost is a quote; withQuote true and an empty note is refused (§5). */
    withQuote: z.boolean().default(false),
    quote: userText()
      .trim()
      .max(QUOTE_MAX, format(sharedMessages.maxChars, { count: QUOTE_MAX }))
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.withQuote && !value.quote) {
      ctx.addIssue({ code: "custom", path: ["quote"], message: sharedMessages.quoteNoteRequired });
    }
  });

const imageUrlsSchema = z.object({
  extraSmall: z.string().nullable(),
  small: z.string().nullable(),
  preview: z.string().nullable(),
  /** The whole picture fit inside 1080 px (issue 18); absent on pictures made before it, and on profile photos. */
  medium: z.string().nullable().optional(),
  full: z.string().nullable(),
});

export const contentOwnerSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(["user", "company"]),
  verificationStatus: z.string(),
  image: z.object({ urls: imageUrlsSchema }).nullable(),
});

/** Issue 14: who published a company's item: the member's name and position there. */
export const contentBylineSchema = z.object({ name: z.string(), position: z.string().nullable() });

const contentItemBase = z.object({
  id: z.string(),
  owner: contentOwnerSchema,
  /** Set on company-owned items that have an author; null on a person's own items. */
  byline: contentBylineSchema.nullable(),
  slug: z.string(),
  type: z.object({ id: z.string(), title: z.string() }),
  status: z.enum(contentStatuses),
  title: z.string().nullable(),
  description: z.string().nullable(),
  content: z.string().nullable(),
  shortContent: z.string().nullable(),
  /** The main image; its media id lets the owner's edit form re-crop it (§9). */
  mainImage: z
    .object({
      id: z.string(),
      urls: imageUrlsSchema,
      /** The upright picture's size and its description for people who cannot see it (issue 18). */
      width: z.number().nullable().optional(),
      height: z.number().nullable().optional(),
      alt: z.string().nullable().optional(),
    })
    .nullable(),
  image: z.object({ urls: imageUrlsSchema }).nullable(),
  gallery: z.object({ images: z.array(z.unknown()), videos: z.array(z.unknown()) }),
  file: z.unknown().nullable(),
  publicationDate: z.string(),
  like: z.number(),
  view: z.number(),
  comment: z.number(),
  reactions: z.record(z.string(), z.number()),
  contentInteractionConfig: contentSettingsSchema,
  event: z
    .object({
      startsAt: z.string().nullable(),
      endsAt: z.string().nullable(),
      place: z.string().nullable(),
      onlineUrl: z.string().nullable(),
      /** The event's own zone (issue 18); null on events made before it was asked for. */
      timeZone: z.string().nullable().optional(),
    })
    .nullable(),
  sponsoredUrl: z.string().nullable(),
  quote: z.string().nullable(),
  /** A link's address (kind link, issue 18); its preview card is asked for separately. */
  link: z.object({ url: z.string() }).nullable().optional(),
  /**
   * The folder a document is filed in (content_items.folder, issue 18; the folders section groups
   * by it). Null when unfiled, and for every other kind.
   */
  folder: z.string().nullable().optional(),
  /** Canonical detail path, e.g. /anna.kowalski/posts/launch-day-x1y2z3. */
  path: z.string(),
  isOwner: z.boolean(),
  /**
   * The viewer, acting as the owner, may edit and delete this item: their company scope for its
   * kind covers it (an employee's `manage` covers only what they wrote). Verification is asked
   * when they try (the access-restricted popup), not here.
   */
  editable: z.boolean(),
});
export const contentItemSchema = contentItemBase
  .extend({ repostOf: contentItemBase.nullable() })
  .meta({ id: "ContentItem" });
export type ContentItem = z.infer<typeof contentItemSchema>;
export const contentItemResponseSchema = z.object({ data: contentItemSchema });

/** §7: pagination and filter travel as JSON in the query string. */
const jsonParam = <T extends z.ZodType>(schema: T) =>
  userText()
    .max(2000)
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return undefined;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: validationMessages.invalidRequest });
        return z.NEVER;
      }
    })
    .pipe(schema.optional());

export const paginationParamSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(PER_PAGE_DEFAULT),
});
export const contentFilterSchema = z.object({
  section: z.enum(mediaSubSections).optional(),
  kinds: z.array(z.enum(contentKinds)).max(20).optional(),
  status: z.enum(["active", "draft", "planned", "blocked"]).optional(),
});

export const contentListQuerySchema = z.object({
  tab: z.enum(profileTabs).optional(),
  pagination: jsonParam(paginationParamSchema),
  filter: jsonParam(contentFilterSchema),
  /** Keyset cursor from the previous page (infinite scroll); wins over pagination.page. */
  cursor: userText().max(200).optional(),
  /** §7 counters: ask for counts of these groups alongside the list. */
  feedCount: z.coerce.boolean().optional(),
  docsCount: z.coerce.boolean().optional(),
  newsCount: z.coerce.boolean().optional(),
  infoCount: z.coerce.boolean().optional(),
  timelineCount: z.coerce.boolean().optional(),
  withProfileBlock: z.coerce.boolean().optional(),
});

export const contentListResponseSchema = z.object({
  data: z.array(contentItemSchema),
  meta: z.object({
    page: z.number(),
    perPage: z.number(),
    total: z.number(),
    totalPages: z.number(),
    nextCursor: z.string().nullable(),
    counts: z.record(z.string(), z.number()).optional(),
  }),
});

export const relatedContentResponseSchema = z.object({
  data: z.object({ "more-from-owner": z.array(contentItemSchema), similar: z.array(contentItemSchema) }),
});
