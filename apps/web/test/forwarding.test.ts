import { DEV_WEB_FORWARD_SECRET, FORWARD_SECRET_HEADER, FORWARDED_CLIENT_HEADER } from "@vn/contract";
import { describe, expect, it } from "vitest";
import { forwardingHeaders } from "../src/lib/api";

/**
 * Issue 11, item 4: the web server's calls to the API while rendering carry the visitor's address
 * (believed by the API only with the shared secret), so every visitor has a budget of their own.
 */
describe("forwardingHeaders", () => {
  it("names the visitor: the last X-Forwarded-For entry (the nearest hop's), with the secret", () => {
    expect(forwardingHeaders("198.51.100.7", "s".repeat(40))).toEqual({
      [FORWARD_SECRET_HEADER]: "s".repeat(40),
      [FORWARDED_CLIENT_HEADER]: "198.51.100.7",
    });
    // A client-made entry comes first; the proxy in front of the web server appends the real one.
    expect(forwardingHeaders("10.0.0.1, 203.0.113.9 ", "s".repeat(40))[FORWARDED_CLIENT_HEADER]).toBe(
      "203.0.113.9",
    );
  });

  it("a visitor without an address is named unknown (the API counts the web server's address)", () => {
    for (const forwardedFor of [null, "", " , "]) {
      expect(forwardingHeaders(forwardedFor, "s".repeat(40))).toEqual({
        [FORWARD_SECRET_HEADER]: "s".repeat(40),
        [FORWARDED_CLIENT_HEADER]: "unknown",
      });
    }
  });

  it("the web server's own read (the shared anonymous render) carries only the secret", () => {
    expect(forwardingHeaders(undefined, "s".repeat(40))).toEqual({ [FORWARD_SECRET_HEADER]: "s".repeat(40) });
  });

  it("falls back to the development secret when WEB_FORWARD_SECRET is unset", () => {
    expect(forwardingHeaders(undefined, undefined)).toEqual({
      [FORWARD_SECRET_HEADER]: DEV_WEB_FORWARD_SECRET,
    });
  });
});
