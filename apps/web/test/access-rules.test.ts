import { describe, expect, it } from "vitest";
import { type AccessSession, decideAccess, isLoginRequired } from "../src/lib/access-rules";

const visitor: AccessSession = { authenticated: false };
const active: AccessSession = {
  authenticated: true,
  status: "active",
  slug: "jane",
  isCompany: false,
  hasUnfinishedOnboarding: false,
};
const incomplete: AccessSession = { ...active, status: "profile-not-completed" };
const touring: AccessSession = { ...active, hasUnfinishedOnboarding: true };

function loginTarget(back: string): string {
  return `/login?${new URLSearchParams({ redirect: back })}`;
}

describe("login-required routes", () => {
  const required = [
    "/chats",
    "/chats/42",
    "/settings",
    "/settings/billing",
    "/posts",
    "/posts/my-post",
    "/releases",
    "/releases/q3-results",
    "/responses",
    "/responses/abc",
    "/statements",
    "/statements/abc",
    "/create-profile/profile",
    "/create/post",
    "/create/article/draft",
    "/jane/edit/profile",
    "/jane/posts/p1/edit/",
    "/companies/invites/inv_1",
  ];
  it.each(required)("sends a visitor on %s to /login with a redirect back", (path) => {
    expect(decideAccess(path, visitor)).toBe(loginTarget(path.replace(/\/$/, "")));
  });

  it("carries the query string back through the redirect", () => {
    expect(decideAccess("/chats/42", visitor, "?tab=unread")).toBe(loginTarget("/chats/42?tab=unread"));
    expect(decideAccess("/chats", visitor, "tab=unread")).toBe(loginTarget("/chats?tab=unread"));
  });

  const open = [
    "/",
    "/login",
    "/terms",
    "/privacy",
    "/faq",
    "/create-profile",
    "/create-profile/get-verified",
    "/creators",
    "/postsandmore",
    "/jane",
    "/jane/posts/p1",
    "/jane/releases/r1",
    "/search",
    "/editorial",
  ];
  it.each(open)("lets a visitor stay on %s", (path) => {
    expect(isLoginRequired(path)).toBe(false);
    expect(decideAccess(path, visitor)).toBeNull();
  });

  it("lets a signed-in user open login-required routes", () => {
    expect(decideAccess("/chats", active)).toBeNull();
    expect(decideAccess("/jane/edit/profile", active)).toBeNull();
  });
});

describe("profile not completed", () => {
  it.each(["/", "/chats", "/jane", "/companies", "/search", "/login", "/verification"])(
    "sends the user on %s to /create-profile/profile",
    (path) => {
      expect(decideAccess(path, incomplete)).toBe("/create-profile/profile");
    },
  );

  it.each([
    "/privacy",
    "/terms",
    "/cookies",
    "/trust-center",
    "/create-profile",
    "/create-profile/profile",
    "/create-profile/get-verified",
    "/blog",
    "/blog/launch",
    "/faq",
  ])("leaves the user on %s", (path) => {
    expect(decideAccess(path, incomplete)).toBeNull();
  });

  it("accepts the underscore spelling of the status", () => {
    expect(decideAccess("/chats", { ...incomplete, status: "profile_not_completed" })).toBe(
      "/create-profile/profile",
    );
  });
});

describe("onboarding redirect", () => {
  it("sends an active user with unfinished steps to their profile with the tour flag", () => {
    expect(decideAccess("/chats", touring)).toBe("/jane?media-onboarding=true");
    expect(decideAccess("/", touring)).toBe("/jane?media-onboarding=true");
    expect(decideAccess("/cookies", touring)).toBe("/jane?media-onboarding=true");
  });

  it.each([
    "/login",
    "/not-available",
    "/create-profile",
    "/create-profile/company",
    "/verification",
    "/verification/flow",
    "/jumio",
    "/terms",
    "/privacy",
  ])("does not redirect from %s", (path) => {
    expect(decideAccess(path, touring)).toBeNull();
  });

  it("does not redirect within the user's own profile, where the tour runs", () => {
    expect(decideAccess("/jane", touring)).toBeNull();
    expect(decideAccess("/jane/feed", touring)).toBeNull();
    expect(decideAccess("/jane/connect", touring)).toBeNull();
    expect(decideAccess("/janet", touring)).toBe("/jane?media-onboarding=true");
  });

  it("does not run for companies, finished tours, or users who are not active", () => {
    expect(decideAccess("/chats", { ...touring, isCompany: true })).toBeNull();
    expect(decideAccess("/chats", { ...touring, hasUnfinishedOnboarding: false })).toBeNull();
    expect(decideAccess("/chats", { ...touring, status: "blocked" })).toBeNull();
    expect(decideAccess("/chats", { ...touring, slug: null })).toBeNull();
  });
});

describe("sign-out", () => {
  it("never redirects /logout", () => {
    expect(decideAccess("/logout", visitor)).toBeNull();
    expect(decideAccess("/logout", incomplete)).toBeNull();
    expect(decideAccess("/logout", touring)).toBeNull();
  });
});
