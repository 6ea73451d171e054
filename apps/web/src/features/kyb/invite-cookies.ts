/**
 * The director invitation link's cookies (spec §4 "Company invitation by cookie"): the mail's link
 * /companies/kyb-invite?company=<slug>&status=accept|reject stores the company's handle in
 * `slug-kyb` and the answer in `status-kyb` (path=/, SameSite=Lax, one day), so the answer
 * survives signing in and finishing the profile. Once answered, and on any error, both go.
 */
import {
  KYB_INVITE_COOKIES,
  type KybInviteAnswer,
  kybInviteAnswers,
  SESSION_COOKIE_MAX_AGE_S,
} from "@vn/contract";

export interface KybInvite {
  /** The inviting company's handle. */
  slug: string;
  answer: KybInviteAnswer;
}

/** The page that answers an invitation (the mail's link). */
export const KYB_INVITE_PATH = "/companies/kyb-invite";

/** Handles are short and plain; anything else is not a link the API wrote. */
const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

function inviteOf(slug: string | null | undefined, answer: string | null | undefined): KybInvite | null {
  if (!slug || !answer || !SLUG_PATTERN.test(slug)) return null;
  if (!(kybInviteAnswers as readonly string[]).includes(answer)) return null;
  return { slug, answer: answer as KybInviteAnswer };
}

/** The link's query (?company=…&status=…), or null when it is incomplete or malformed. */
export function kybInviteFromQuery(query: URLSearchParams): KybInvite | null {
  return inviteOf(query.get("company"), query.get("status"));
}

/** The invitation both cookies hold (a `document.cookie` string), or null unless both are valid. */
export function kybInviteFromCookies(cookieString: string): KybInvite | null {
  const jar = new Map<string, string>();
  for (const part of cookieString.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    try {
      jar.set(name, decodeURIComponent(part.slice(index + 1).trim()));
    } catch {
      // A cookie that is not valid percent-encoding is not ours.
    }
  }
  return inviteOf(jar.get(KYB_INVITE_COOKIES.slug), jar.get(KYB_INVITE_COOKIES.status));
}

/** One day, as the session cookie (spec §9). */
export const KYB_INVITE_COOKIE_MAX_AGE = SESSION_COOKIE_MAX_AGE_S;

function cookie(name: string, value: string, maxAge: number, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The two `document.cookie` assignments that store an invitation. */
export function kybInviteCookieStrings(invite: KybInvite, secure: boolean): [string, string] {
  return [
    cookie(KYB_INVITE_COOKIES.slug, invite.slug, KYB_INVITE_COOKIE_MAX_AGE, secure),
    cookie(KYB_INVITE_COOKIES.status, invite.answer, KYB_INVITE_COOKIE_MAX_AGE, secure),
  ];
}

/** The two assignments that clear them (expired at once). */
export function clearedKybInviteCookieStrings(secure: boolean): [string, string] {
  return [cookie(KYB_INVITE_COOKIES.slug, "", 0, secure), cookie(KYB_INVITE_COOKIES.status, "", 0, secure)];
}

/** The page's address for an invitation (where leftover cookies are answered). */
export function kybInvitePath(invite: KybInvite): string {
  return `${KYB_INVITE_PATH}?${new URLSearchParams({ company: invite.slug, status: invite.answer }).toString()}`;
}

// In the browser ---------------------------------------------------------------------------------

const secureHere = () => typeof location !== "undefined" && location.protocol === "https:";

// The Cookie Store API is not in every browser the product supports; these are plain, non-httpOnly
// cookies by design (the page itself reads them back).
export function storeKybInvite(invite: KybInvite): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  for (const assignment of kybInviteCookieStrings(invite, secureHere())) document.cookie = assignment;
}

export function readKybInvite(): KybInvite | null {
  return typeof document === "undefined" ? null : kybInviteFromCookies(document.cookie);
}

export function clearKybInvite(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  for (const assignment of clearedKybInviteCookieStrings(secureHere())) document.cookie = assignment;
}
