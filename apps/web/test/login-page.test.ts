import { messages } from "@vn/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { destinationAfterSignIn, homeOfSignedIn } from "../src/features/accounts/destination";
import { signInWithPassword } from "../src/features/accounts/sign-in";

/**
 * Issue 18, item 5: /login's form and the sign-in dialog read a sign-in the same way
 * (signInWithPassword), and a signed-in person opening /login is shown the way home.
 */
afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (..._args: unknown[]) =>
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const authUser = {
  id: "u1",
  email: "anna@example.com",
  name: "Anna",
  emailVerified: true,
  image: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("signInWithPassword, as the /login form uses it", () => {
  it("posts the email and password to the sign-in endpoint and reads a session as signed in", async () => {
    const fetchMock = answer(200, { redirect: false, user: authUser });
    expect(await signInWithPassword("anna@example.com", "secret-pass")).toEqual({ kind: "signedIn" });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/api\/auth\/sign-in\/email$/);
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ email: "anna@example.com", password: "secret-pass" });
  });

  it("reads a second-factor challenge as the next step, not a session", async () => {
    answer(200, { twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(await signInWithPassword("staff@example.com", "secret-pass")).toEqual({ kind: "secondFactor" });
  });

  it("turns wrong credentials into the §8 sentence", async () => {
    answer(401, { error: { code: "request_invalidCredentials", message: "nope" } });
    expect(await signInWithPassword("anna@example.com", "wrong")).toEqual({
      kind: "message",
      text: messages.invalidCredentials,
    });
  });

  it("keeps the deleted, blocked and unfinished-registration outcomes for the screen", async () => {
    answer(403, {
      error: { code: "user_deleted", message: "deleted", details: { restoreToken: "r-1", email: "a@b.c" } },
    });
    expect(await signInWithPassword("x@b.c", "pw")).toEqual({
      kind: "deleted",
      email: "a@b.c",
      restoreToken: "r-1",
    });
    answer(403, { error: { code: "account_unavailable", message: "blocked" } });
    expect(await signInWithPassword("x@b.c", "pw")).toEqual({ kind: "notAvailable", email: "x@b.c" });
    answer(403, {
      error: { code: "user_registrationNotFinished", message: "finish it", details: { codeSent: true } },
    });
    expect(await signInWithPassword("x@b.c", "pw")).toEqual({
      kind: "registrationNotFinished",
      email: "x@b.c",
      text: "finish it",
      codeSent: true,
    });
  });
});

describe("where 'You are already logged in.' leads", () => {
  it("is the person's home, whatever ?redirect= the page was opened with", () => {
    const user = { slug: "anna.kowalski", status: { id: "active" } };
    expect(homeOfSignedIn(user)).toBe("/anna.kowalski/network/suggested");
    expect(homeOfSignedIn(user)).toBe(destinationAfterSignIn(user, { origin: "https://example.com" }));
  });

  it("is the profile wizard while the profile is unfinished", () => {
    expect(homeOfSignedIn({ slug: "new.person", status: { id: "profile-not-completed" } })).toBe(
      destinationAfterSignIn(
        { slug: "new.person", status: { id: "profile-not-completed" } },
        { origin: "x" },
      ),
    );
    expect(homeOfSignedIn({ slug: "new.person", status: { id: "profile-not-completed" } })).not.toContain(
      "network",
    );
  });
});
