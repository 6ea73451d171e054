import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCall, DEMO_PASSWORD } from "../support/accounts";
import { apiUrl, chromiumArgs, webUrl } from "../support/browser";

/**
 * Issue 18, item 5: pa11y-ci, with both of its runners (axe and HTML_CodeSniffer) at WCAG 2 AA,
 * over every page a visitor can open, at 360 and 1280 px: no errors. HTML_CodeSniffer judges
 * what axe does not (a form without a submit button, autocomplete values for the field's type),
 * and axe, run by pa11y, adds its best-practice rules to the suite's own axe checks.
 */

interface Pa11yIssue {
  code: string;
  type: "error" | "warning" | "notice";
  message: string;
  context: string | null;
  selector: string;
  runner: string;
}

interface Pa11yCiReport {
  total: number;
  /** By the page's final URL: its issues, or the Error that stopped pa11y there. */
  results: Record<string, (Pa11yIssue | Error)[]>;
}

/** pa11y-ci's programmatic entry (lib/pa11y-ci.js): one Chromium for the list, a fresh context per URL. */
type Pa11yCi = (urls: string[], options: Record<string, unknown>) => Promise<Pa11yCiReport>;
// pa11y-ci ships no types: CommonJS, loaded through require.
const pa11yCi = createRequire(import.meta.url)("pa11y-ci") as Pa11yCi;

/**
 * A rule judged wrong for this app, by code, with why. Each is one rule (never a whole runner or
 * level) and is listed in the issue's report.
 */
const FALSE_POSITIVES: { code: string; why: string }[] = [];

const stamp = Date.now().toString(36);
const question = `Which audit trail do regulators accept? ${stamp}`;
const linkTitle = `Audit trails in practice ${stamp}`;

/** Paths filled in by beforeAll: the demo cast's publications, found through the API. */
const publications: string[] = [];

interface FeedItem {
  path: string;
  type: { id: string };
}

/** The public path of `owner`'s newest publication of `kind`, read the way a visitor would. */
async function publicationPath(owner: string, kind: string): Promise<string> {
  const query = new URLSearchParams({
    tab: "feed",
    pagination: JSON.stringify({ page: 1, perPage: 50 }),
  });
  const response = await fetch(`${apiUrl()}/api/v2/profiles/${owner}/content?${query.toString()}`);
  const body = (await response.json()) as { data: FeedItem[] };
  const found = body.data.find((item) => item.type.id === kind);
  if (!found) throw new Error(`${owner} has no public ${kind}`);
  return found.path;
}

beforeAll(async () => {
  // The seed has no question, link or filed document: anna publishes one of each, so those
  // sections and detail pages are judged with something in them.
  const signIn = await apiCall<{ token: string }>("/auth/sign-in/email", {
    body: { email: "anna@demo.verified.local", password: DEMO_PASSWORD },
  });
  expect(signIn.status).toBe(200);
  for (const body of [
    { kind: "question", title: question, content: "We compare three vendors this quarter." },
    // This closed network cannot reach the page: the card shows the address's site instead.
    { kind: "link", onlineUrl: "https://example.org/audit-trails", title: linkTitle, content: "Worth it." },
    {
      kind: "document",
      title: `Access review checklist ${stamp}`,
      description: "Who reviews what, and when.",
      folder: `Policies ${stamp}`,
    },
  ]) {
    const created = await apiCall("/v1/content", { token: signIn.body.token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
  for (const [owner, kind] of [
    ["anna.kowalski", "post"],
    ["anna.kowalski", "article"],
    ["anna.kowalski", "question"],
    ["anna.kowalski", "link"],
    ["northwind", "release"],
    ["northwind", "statement"],
    ["northwind", "document"],
    ["priya.shah", "insight"],
    ["priya.shah", "repost"],
    ["daniel.okafor", "podcast"],
    ["daniel.okafor", "video"],
  ] as const) {
    publications.push(await publicationPath(owner, kind));
  }
}, 60_000);

/** Every public route a visitor can open (apps/web/src/app), grouped so each test stays short. */
const routeGroups: Record<string, () => string[]> = {
  "the site's own pages": () => [
    "/",
    "/companies",
    "/blog",
    "/faq",
    "/advertise",
    "/terms",
    "/privacy",
    "/cookies",
    "/trust-center",
    // Lands on /login with the "Logged out" snackbar (kept apart from /login: results go by final URL).
    "/logout",
  ],
  "search, sign-in and account pages": () => [
    "/search",
    "/search?search=anna",
    `/search?search=${encodeURIComponent(`nobody-${stamp}`)}`,
    "/login",
    "/login?mode=signup",
    "/login/reset-password",
    "/not-available?email=lena%40demo.verified.local",
    "/moderation-appeal/not-a-real-token",
    "/companies/kyb-invite?company=northwind&status=accept",
    "/create-profile",
    // The sandbox vendor's capture page, opened without a valid session: its error state.
    "/jumio?session=not-a-real-token",
  ],
  "a person's profile and its sections": () => [
    "/anna.kowalski",
    "/anna.kowalski/feed",
    "/anna.kowalski/connect",
    "/anna.kowalski/posts",
    "/anna.kowalski/questions",
    "/anna.kowalski/links",
    "/anna.kowalski/folders",
    "/anna.kowalski/files",
    "/anna.kowalski/events",
    "/anna.kowalski/network/followers",
    "/anna.kowalski/network/following",
    "/priya.shah/insights",
    "/daniel.okafor/videos",
    "/daniel.okafor/podcasts",
  ],
  "a company's profile and its sections": () => [
    "/northwind",
    "/northwind/feed",
    "/northwind/connect",
    "/northwind/people",
    "/northwind/releases",
    "/northwind/statements",
    "/northwind/files",
  ],
  publications: () => publications,
  "pages not found": () => [
    "/this-page-does-not-exist/really/not",
    "/nobody-by-this-name",
    // Not public while the check of marcus's identity is pending.
    "/marcus.reed",
    "/anna.kowalski/posts/no-such-post",
  ],
};

function describeIssue(issue: Pa11yIssue | Error): string {
  if (issue instanceof Error) return `pa11y failed: ${issue.message}`;
  return `[${issue.runner}] ${issue.code}: ${issue.message}\n      ${issue.selector} ${(issue.context ?? "").slice(0, 200)}`;
}

async function audit(paths: string[], width: number): Promise<void> {
  const ignored = FALSE_POSITIVES.map((rule) => rule.code);
  const report = await pa11yCi(
    paths.map((path) => `${webUrl()}${path}`),
    {
      standard: "WCAG2AA",
      runners: ["axe", "htmlcs"],
      // Warnings are collected to be counted; only errors fail.
      includeWarnings: true,
      // What axe leaves undecided ("needs review": text it cannot measure, such as over a blurred
      // shape or made of symbols) is a warning, as in the suite's own axe checks, which fail on
      // violations only; pa11y's default would count it as an error. Violations and every
      // HTML_CodeSniffer error still fail.
      levelCapWhenNeedsReview: "warning",
      ignore: ignored,
      viewport: { width, height: width < 768 ? 800 : 900 },
      // A page settles in well under a second here; a busy two-core machine can take longer.
      timeout: 45_000,
      // Colours are judged once fades have finished (a dialog or snackbar takes ~200 ms).
      wait: 500,
      concurrency: 1,
      reporters: [],
      chromeLaunchConfig: { executablePath: "/usr/bin/chromium", headless: true, args: chromiumArgs },
    },
  );
  const failures: string[] = [];
  let warnings = 0;
  for (const [url, issues] of Object.entries(report.results)) {
    const errors = issues.filter((issue) => issue instanceof Error || issue.type === "error");
    warnings += issues.length - errors.length;
    if (errors.length > 0) failures.push(`${url}\n    ${errors.map(describeIssue).join("\n    ")}`);
  }
  console.info(`pa11y at ${width} px: ${report.total} pages, ${warnings} warnings`);
  expect(report.total).toBe(paths.length);
  expect(failures.join("\n"), "pa11y errors").toBe("");
}

describe.each([360, 1280])("pa11y (axe and HTML_CodeSniffer, WCAG 2 AA) at %i px", (width) => {
  for (const [group, paths] of Object.entries(routeGroups)) {
    // pa11y loads each page afresh and runs two auditors on it: seconds a page, more on a busy
    // two-core machine, so a group gets far more than the suite's 60 s.
    it(`finds no errors on ${group}`, { timeout: 900_000 }, async () => {
      await audit(paths(), width);
    });
  }
});
