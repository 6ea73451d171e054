import { describe, expect, it } from "vitest";
import {
  commentCreateRequestSchema,
  contentCreateRequestSchema,
  contentUpdateRequestSchema,
  eventUrlSchema,
  feedbackRequestSchema,
  generalInfoUpdateRequestSchema,
  hasForbiddenCharacters,
  messages,
  profileSlugParamsSchema,
  reportRequestSchema,
  searchQuerySchema,
  signUpRequestSchema,
} from "../src/index";

/** Issue 11: one text rule for every field (items 18) and http(s)-only event links (item 15). */
describe("the text rule", () => {
  it("refuses NUL, other control characters, DEL and lone surrogates", () => {
    for (const bad of [
      "a\u0000b",
      "\u0001",
      "bell\u0007",
      "esc\u001b[0m",
      "vt\u000b",
      "ff\u000c",
      "del\u007f",
      "\ud800",
      "x\udc00y",
      "\udc00\ud800",
    ]) {
      expect(hasForbiddenCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
  });
  it("lets ordinary text through: tab, new lines, accents, emoji, other scripts", () => {
    for (const good of [
      "",
      "plain",
      "tab\there",
      "line\nline\r\n",
      "Zażółć gęślą jaźń",
      "🙂👍🏽",
      "日本語 العربية",
      "\u00a0nbsp",
    ]) {
      expect(hasForbiddenCharacters(good), JSON.stringify(good)).toBe(false);
    }
  });

  it("every free-text field of the forms refuses it with the catalogue's sentence", () => {
    const message = messages.textControlCharacters;
    expect(
      refusalOf(contentCreateRequestSchema.safeParse({ kind: "post", content: "a\u0000" })),
    ).toContainEqual({
      path: "content",
      message,
    });
    expect(
      refusalOf(
        contentCreateRequestSchema.safeParse({ kind: "article", title: "T\u0000", content: "<p>x</p>" }),
      ),
    ).toContainEqual({ path: "title", message });
    expect(refusalOf(commentCreateRequestSchema.safeParse({ body: "hi\u0000" }))).toContainEqual({
      path: "body",
      message,
    });
    expect(refusalOf(generalInfoUpdateRequestSchema.safeParse({ about: "me\u0000" }))).toContainEqual({
      path: "about",
      message,
    });
    expect(
      refusalOf(
        reportRequestSchema.safeParse({
          targetType: "content",
          targetId: "x",
          reason: "other",
          description: "d\u0000",
        }),
      ),
    ).toContainEqual({ path: "description", message });
    expect(refusalOf(feedbackRequestSchema.safeParse({ rating: 5, message: "m\u0000" }))).toContainEqual({
      path: "message",
      message,
    });
    expect(refusalOf(searchQuerySchema.safeParse({ search: "ab\u0000" }))).toContainEqual({
      path: "search",
      message,
    });
    expect(refusalOf(profileSlugParamsSchema.safeParse({ slug: "x\u0000" }))).toContainEqual({
      path: "slug",
      message,
    });
    expect(
      refusalOf(
        signUpRequestSchema.safeParse({
          email: "a\u0000@b.co",
          password: "secret-pass-1",
          acceptTerms: true,
          acceptPrivacy: true,
        }),
      ),
    ).toContainEqual({ path: "email", message });
  });

  it("and the same fields still take ordinary text", () => {
    expect(
      contentCreateRequestSchema.safeParse({ kind: "post", content: "Tab\tand\nnew line 🙂" }).success,
    ).toBe(true);
    expect(commentCreateRequestSchema.safeParse({ body: "Zażółć" }).success).toBe(true);
    expect(searchQuerySchema.safeParse({ search: "café" }).success).toBe(true);
  });
});

describe("an event's online link", () => {
  it("is http or https only", () => {
    for (const bad of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "ftp://files.example.com/",
      "//evil.example.com",
    ]) {
      const result = eventUrlSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
    }
    for (const good of ["https://meet.example.com/room?id=1", "http://example.com"]) {
      expect(eventUrlSchema.safeParse(good).success, good).toBe(true);
    }
  });

  it("on create and on edit, with the invalid-link sentence", () => {
    const event = {
      kind: "event",
      title: "Launch",
      startsAt: "2031-05-01T10:00:00Z",
      endsAt: "2031-05-01T11:00:00Z",
      onlineUrl: "javascript:alert(1)",
    };
    expect(refusalOf(contentCreateRequestSchema.safeParse(event))).toContainEqual({
      path: "onlineUrl",
      message: messages.invalidUrl,
    });
    expect(refusalOf(contentUpdateRequestSchema.safeParse({ onlineUrl: "data:text/html,x" }))).toContainEqual(
      {
        path: "onlineUrl",
        message: messages.invalidUrl,
      },
    );
  });
});

function refusalOf(result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return result.error?.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}
