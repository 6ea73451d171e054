/**
 * The §2 routes of profiles and publications as pure functions: which screen a path under
 * /{slug} shows, and the URLs the screens link to.
 */
import { type ContentItem, decodeEntities, detailSegments, mediaSubSections } from "@vn/contract";

export type ProfileTab = "media" | "feed" | "contact" | "team";
export type MediaSection = (typeof mediaSubSections)[number];

/** Tab route names as the spec labels them (contact is "connect", team is "people"). */
export const tabRouteNames: Record<ProfileTab, string> = {
  media: "media",
  feed: "feed",
  contact: "connect",
  team: "people",
};

export type SlugRoute =
  | { screen: "profile"; tab: ProfileTab; section: MediaSection | null }
  | { screen: "detail"; segment: keyof typeof detailSegments; itemSlug: string; ownerSlug: string | null }
  | { screen: "edit"; segment: keyof typeof detailSegments; itemSlug: string; ownerSlug: string }
  | { screen: "recordings"; kind: "podcast" | "video" }
  | { screen: "none" };

function tabOf(name: string | undefined): ProfileTab | null {
  switch (name) {
    case undefined:
    case "media":
      return "media";
    case "feed":
      return "feed";
    case "contact":
    case "connect":
      return "contact";
    case "team":
    case "people":
      return "team";
    default:
      return null;
  }
}

function isSegment(value: string): value is keyof typeof detailSegments {
  return Object.hasOwn(detailSegments, value);
}

/** The owner-less detail forms of §2: /releases/{slug}, /posts/{slug}, /files/{slug}… */
export const ownerlessSegments = [
  "releases",
  "news",
  "statements",
  "responses",
  "insights",
  "posts",
  "files",
  "events",
];

/**
 * /{first}/{...rest}. `first` is a profile slug, or a segment of an owner-less detail form.
 */
export function resolveSlugRoute(first: string, rest: readonly string[]): SlugRoute {
  if (ownerlessSegments.includes(first) && isSegment(first)) {
    if (rest.length === 1 && rest[0])
      return { screen: "detail", segment: first, itemSlug: rest[0], ownerSlug: null };
    return { screen: "none" };
  }
  if (rest.length === 0) return { screen: "profile", tab: "media", section: null };
  const [a, b, c, ...more] = rest;
  if (more.length > 0) return { screen: "none" };
  if (a === "profile") {
    if (c !== undefined) return { screen: "none" };
    const tab = tabOf(b);
    return tab ? { screen: "profile", tab, section: null } : { screen: "none" };
  }
  if (a === "recordings" && (b === "podcast" || b === "video") && c === undefined) {
    return { screen: "recordings", kind: b };
  }
  if (a && b === undefined) {
    const tab = tabOf(a);
    if (tab) return { screen: "profile", tab, section: null };
    if ((mediaSubSections as readonly string[]).includes(a)) {
      return { screen: "profile", tab: "media", section: a as MediaSection };
    }
    return { screen: "none" };
  }
  if (a && b && isSegment(a)) {
    if (c === undefined) return { screen: "detail", segment: a, itemSlug: b, ownerSlug: first };
    if (c === "edit") return { screen: "edit", segment: a, itemSlug: b, ownerSlug: first };
  }
  return { screen: "none" };
}

export function profileTabPath(slug: string, tab: ProfileTab): string {
  const base = `/${encodeURIComponent(slug)}`;
  return tab === "media" ? base : `${base}/${tabRouteNames[tab]}`;
}

export function editPathOf(item: Pick<ContentItem, "path">): string {
  return `${item.path.replace(/\?.*$/, "")}/edit/`;
}

/** Only http(s) targets leave the site for a sponsor (a javascript: URL never does). */
export function safeSponsoredUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** Plain text of an HTML fragment (meta descriptions, share text, cards). */
export function plainText(html: string | null | undefined): string {
  if (!html) return "";
  return decodeEntities(
    html.replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote)[^>]*>/gi, " ").replace(/<[^>]*>/g, ""),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** The text a publication is known by: its title, else the start of its text. */
export function headlineOf(item: Pick<ContentItem, "title" | "shortContent" | "content" | "quote">): string {
  return item.title ?? item.quote ?? plainText(item.shortContent ?? item.content);
}
