import { messages } from "@vn/contract";
import { describe, expect, it } from "vitest";
import { decideResponseAction, type ResponseSession } from "../src/lib/response-rules";

const signedIn: ResponseSession = { authenticated: true, slug: "jane" };
const visitor: ResponseSession = { authenticated: false };
const get = (url: string) => ({ url, method: "GET" });
const post = (url: string) => ({ url, method: "POST" });
const error = (code: string, message = "x") => ({ error: { code, message } });

describe("401", () => {
  it("signs a signed-in user out", () => {
    expect(decideResponseAction(get("/api/v1/users/me"), 401, null, signedIn)).toEqual({ type: "signOut" });
    expect(
      decideResponseAction(
        get("http://api:4000/api/v1/content/x"),
        401,
        error("request_invalidSessionToken"),
        signedIn,
      ),
    ).toEqual({ type: "signOut" });
  });

  it.each([
    "/api/auth/sign-in/email",
    "/api/auth/sign-in/social",
    "/api/auth/sign-in",
    "/api/v1/dashboard/owner/slug/exists",
    "/api/v1/dashboard/owner/slug/generate",
    "/api/auth/sign-out",
  ])("leaves %s to the screen", (url) => {
    expect(decideResponseAction(post(url), 401, error("request_invalidCredentials"), signedIn)).toEqual({
      type: "none",
    });
  });

  it("does nothing for a visitor (there is no session to end)", () => {
    expect(decideResponseAction(get("/api/v1/users/me"), 401, null, visitor)).toEqual({ type: "none" });
    expect(decideResponseAction(get("/api/v1/users/me"), 401, null, null)).toEqual({ type: "none" });
  });
});

describe("403", () => {
  it("switches back to the user account when the owner is not found", () => {
    expect(
      decideResponseAction(get("/api/v1/companies/me"), 403, error("accountManager_ownerNotFound"), signedIn),
    ).toEqual({
      type: "switchToUserAccount",
    });
  });

  it("switches back when the message says the company was deleted or blocked", () => {
    const body = error("request_forbidden", messages.companyDeletedOrBlocked);
    expect(decideResponseAction(get("/api/v1/companies/me"), 403, body, signedIn)).toEqual({
      type: "switchToUserAccount",
    });
  });

  it("ignores other 403s", () => {
    expect(decideResponseAction(get("/api/v1/x"), 403, error("user_notVerified"), signedIn)).toEqual({
      type: "none",
    });
    expect(decideResponseAction(get("/api/v1/x"), 403, null, signedIn)).toEqual({ type: "none" });
  });

  it("never loops on the switch call itself", () => {
    expect(
      decideResponseAction(
        post("/api/v1/users/switch-account"),
        403,
        error("accountManager_ownerNotFound"),
        signedIn,
      ),
    ).toEqual({ type: "none" });
  });
});

describe("404", () => {
  it("sends the user to their own profile when the company is not found", () => {
    expect(
      decideResponseAction(get("/api/v1/companies/acme"), 404, error("company_notFound"), signedIn),
    ).toEqual({
      type: "navigate",
      to: "/jane",
    });
  });

  it("ignores other 404s and visitors", () => {
    expect(decideResponseAction(get("/api/v1/x"), 404, error("content_notFound"), signedIn)).toEqual({
      type: "none",
    });
    expect(decideResponseAction(get("/api/v1/x"), 404, error("company_notFound"), visitor)).toEqual({
      type: "none",
    });
  });
});

describe("other statuses", () => {
  it.each([400, 409, 422, 429, 500, 503])("%s has no global effect", (status) => {
    expect(decideResponseAction(get("/api/v1/x"), status, error("company_notFound"), signedIn)).toEqual({
      type: "none",
    });
  });
  it("reads better-auth's bare {code,message} shape too", () => {
    expect(
      decideResponseAction(
        get("/api/v1/x"),
        403,
        { code: "accountManager_ownerNotFound", message: "m" },
        signedIn,
      ),
    ).toEqual({ type: "switchToUserAccount" });
  });
});
