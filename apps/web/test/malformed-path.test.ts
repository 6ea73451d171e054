import { describe, expect, it } from "vitest";
import { decodePathSegment, isMalformedPath } from "../src/lib/malformed-path";

/** Issue 11 item 18: paths Next answered with a 500 are refused by the proxy with a 4xx. */
describe("a malformed request path", () => {
  it("is one that is not valid percent-encoded UTF-8", () => {
    for (const path of [
      "/%C0%AF",
      "/%FF",
      "/a/%E0%A4%A",
      "/%",
      "/%ZZ",
      "/api/v2/profiles/%FF",
      "/%ED%A0%80",
    ]) {
      expect(isMalformedPath(path), path).toBe(true);
    }
  });

  it("or one that decodes to a NUL or another control character", () => {
    for (const path of [
      "/%00",
      "/a%00b",
      "/nora/posts/%00",
      "/%01",
      "/x%1B[31m",
      "/a%7F",
      "/api/v2/profiles/%00",
    ]) {
      expect(isMalformedPath(path), path).toBe(true);
    }
  });

  it("and not an ordinary one, encoded or not", () => {
    for (const path of [
      "/",
      "/login",
      "/nora.null.10/posts/hello-world",
      "/%C5%BC%C3%B3%C5%82w",
      "/%F0%9F%99%82",
      "/a%20b",
      "/%25",
      "/a%2Fb",
      "/search",
    ]) {
      expect(isMalformedPath(path), path).toBe(false);
    }
  });
});

describe("a route segment as a page reads it", () => {
  it("is decoded, and left as it is when it does not decode (Next hands /%25 over as %)", () => {
    expect(decodePathSegment("anna.kowalski")).toBe("anna.kowalski");
    expect(decodePathSegment("%C5%BC")).toBe("ż");
    expect(decodePathSegment("%")).toBe("%");
    expect(decodePathSegment("100%")).toBe("100%");
  });
});
