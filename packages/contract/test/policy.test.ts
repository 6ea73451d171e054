import { describe, expect, it } from "vitest";
import {
  type Actor,
  actionRefusal,
  can,
  endpointList,
  entitlementOf,
  entitlementsOf,
  features,
  permissionsForRole,
  personalPermissions,
  refusalOf,
  scopeCovers,
} from "../src/index";

/** A person acting as themselves, verified, on the basic plan; tests change what they need. */
function person(overrides: Partial<Actor> = {}): Actor {
  return {
    userId: "u1",
    userStatus: "active",
    profileId: "p1",
    profileSlug: "pia",
    profileType: "user",
    ownProfileId: "p1",
    companyRole: null,
    permissions: personalPermissions(),
    verificationStatus: "verified",
    personVerificationStatus: "verified",
    staffRole: null,
    entitlements: entitlementsOf({ owner: "user", tier: "basic" }),
    actingProfileLost: false,
    ...overrides,
  };
}

function member(role: "owner" | "manager" | "company_employee", overrides: Partial<Actor> = {}): Actor {
  return person({
    profileId: "c1",
    profileType: "company",
    companyRole: role,
    permissions: permissionsForRole(role),
    entitlements: entitlementsOf({ owner: "company", tier: "standard" }),
    ...overrides,
  });
}

describe("who may call", () => {
  it("tells a visitor from a dead session", () => {
    expect(refusalOf(null, { who: "anyone" })).toBeNull();
    expect(refusalOf(null, { who: "session" })?.code).toBe("request_unauthenticated");
    expect(refusalOf(null, { who: "session" }, { tokenSent: true })?.code).toBe(
      "request_invalidSessionToken",
    );
  });

  it("needs a finished profile from `active` up", () => {
    const unfinished = person({ userStatus: "profile-not-completed" });
    expect(refusalOf(unfinished, { who: "session" })).toBeNull();
    expect(refusalOf(unfinished, { who: "active" })?.code).toBe("user_profileNotCompleted");
  });

  it("makes a final rejection or an appeal read-only, and needs verification for `verified`", () => {
    for (const status of ["rejection", "appealed"] as const) {
      const actor = person({ personVerificationStatus: status, verificationStatus: status });
      expect(refusalOf(actor, { who: "active" })).toBeNull();
      expect(refusalOf(actor, { who: "participant" })?.code).toBe("user_notVerified");
    }
    const pending = person({ personVerificationStatus: "pending", verificationStatus: "pending" });
    expect(refusalOf(pending, { who: "participant" })).toBeNull();
    expect(refusalOf(pending, { who: "verified" })?.code).toBe("user_notVerified");
    expect(refusalOf(person(), { who: "verified" })).toBeNull();
  });

  it("asks a company for its own verification (KYB) when acting as it", () => {
    const unverifiedCompany = member("owner", { verificationStatus: "pending" });
    expect(refusalOf(unverifiedCompany, { who: "verified" })?.code).toBe("company_notVerified");
  });

  it("keeps staff routes to staff (invisible, 404, to everyone else), and admin routes to admins", () => {
    expect(refusalOf(person(), { who: "staff" })?.code).toBe("request_notFound");
    expect(refusalOf(person(), { who: "admin" })?.code).toBe("request_notFound");
    expect(refusalOf(person({ staffRole: "moderator" }), { who: "staff" })).toBeNull();
    expect(refusalOf(person({ staffRole: "moderator" }), { who: "admin" })?.code).toBe("request_forbidden");
    expect(refusalOf(person({ staffRole: "admin" }), { who: "admin" })).toBeNull();
  });

  it("sends a session whose company is gone back, except where the route allows it", () => {
    const lost = member("owner", { actingProfileLost: true });
    expect(refusalOf(lost, { who: "session" })?.code).toBe("accountManager_ownerNotFound");
    expect(refusalOf(lost, { who: "session", allowLostActingProfile: true })).toBeNull();
  });
});

describe("scopes and features", () => {
  it("refuses a scope the role holds as `none`; `manage` covers new and own items only", () => {
    expect(refusalOf(member("company_employee"), { who: "active", scope: "follows" })?.code).toBe(
      "accountManager_permissionNotProvided",
    );
    expect(refusalOf(member("manager"), { who: "active", scope: "follows" })).toBeNull();
    const employee = member("company_employee");
    expect(refusalOf(employee, { who: "active", scope: "posts" })).toBeNull();
    expect(
      refusalOf(employee, { who: "active", scope: "posts" }, { resource: { authorUserId: "someone-else" } })
        ?.code,
    ).toBe("accountManager_permissionNotProvided");
    expect(
      refusalOf(employee, { who: "active", scope: "posts" }, { resource: { authorUserId: "u1" } }),
    ).toBeNull();
  });

  it("answers a missing plan feature with the feature's name", () => {
    expect(refusalOf(person(), { who: "active", feature: "messenger.use" })).toEqual({
      code: "account_accessForbiddenByPlan",
      feature: "messenger.use",
    });
    const standard = person({ entitlements: entitlementsOf({ owner: "user", tier: "standard" }) });
    expect(refusalOf(standard, { who: "active", feature: "messenger.use" })).toBeNull();
  });

  it("has a value for every feature on every plan, and add-ons only on paid plans", () => {
    for (const tier of ["basic", "standard", "premium", "creator"] as const) {
      const values = entitlementsOf({ owner: "user", tier });
      expect(Object.keys(values).sort()).toEqual([...features].sort());
    }
    expect(entitlementOf({ owner: "user", tier: "basic", addons: ["spy"] }, "addons.spy")).toBe(false);
    expect(entitlementOf({ owner: "user", tier: "standard", addons: ["spy"] }, "addons.spy")).toBe(true);
    expect(entitlementOf({ owner: "user", tier: "standard", addons: ["spy"] }, "addons.stealth")).toBe(false);
    expect(entitlementOf({ owner: "company", tier: "premium" }, "team.membersIncluded")).toBe(
      Number.POSITIVE_INFINITY,
    );
  });
});

describe("manage covers new items and one's own, not an item of unknown author", () => {
  it("an employee (manage on posts) may write a new post and their own, not someone else's or an authorless one", () => {
    const employee = member("company_employee");
    expect(scopeCovers(employee, "posts")).toBe(true);
    expect(scopeCovers(employee, "posts", { authorUserId: employee.userId })).toBe(true);
    expect(scopeCovers(employee, "posts", { authorUserId: "someone-else" })).toBe(false);
    expect(scopeCovers(employee, "posts", { authorUserId: null })).toBe(false);
    // `all` covers every item, authorless ones too.
    expect(scopeCovers(member("owner"), "posts", { authorUserId: null })).toBe(true);
  });
});

describe("named actions the web and the API share", () => {
  it("lets the owner of a publication moderate its comments, not a manage-scoped member", () => {
    expect(can(person(), "comments.moderate", { ownerProfileId: "p1" })).toBe(true);
    expect(can(person(), "comments.moderate", { ownerProfileId: "p2" })).toBe(false);
    expect(can(member("manager"), "comments.moderate", { ownerProfileId: "c1" })).toBe(true);
    expect(
      actionRefusal(member("company_employee"), "comments.moderate", { ownerProfileId: "c1" })?.code,
    ).toBe("accountManager_permissionNotProvided");
    expect(can(member("company_employee"), "comments.write")).toBe(true);
    expect(can(null, "comments.write")).toBe(false);
  });

  it("shows the people tab to members whose employees scope is not none, on their own company", () => {
    expect(can(member("owner"), "team.view", { ownerProfileId: "c1" })).toBe(true);
    expect(can(member("manager"), "team.view", { ownerProfileId: "c1" })).toBe(true);
    expect(can(member("company_employee"), "team.view", { ownerProfileId: "c1" })).toBe(false);
    expect(can(member("owner"), "team.view", { ownerProfileId: "other" })).toBe(false);
  });

  it("gates video publishing and scheduling by plan, and a kind by its scope", () => {
    expect(can(person(), "content.write", { kind: "video" })).toBe(false);
    expect(can(person(), "content.write", { kind: "post" })).toBe(true);
    expect(can(member("company_employee"), "content.write", { kind: "video" })).toBe(false);
    expect(can(member("manager"), "content.write", { kind: "video" })).toBe(true);
    expect(can(person(), "content.schedule")).toBe(false);
  });

  it("lets a limited person read their conversations but not write in them", () => {
    const limited = person({ limited: true });
    expect(actionRefusal(limited, "chats.write")?.code).toBe("account_limited");
    expect(actionRefusal(limited, "messenger.use")?.code).not.toBe("account_limited");
    expect(actionRefusal(person(), "chats.write")?.code).not.toBe("account_limited");
  });
});

describe("the endpoint table", () => {
  it("names every row uniquely, with a policy, a summary and at least one response", () => {
    const seen = new Set<string>();
    for (const { id, endpoint } of endpointList) {
      const key = `${endpoint.method} ${endpoint.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      expect(endpoint.path.startsWith("/api/"), id).toBe(true);
      expect(endpoint.summary.length, id).toBeGreaterThan(0);
      expect(endpoint.policy.who, id).toBeTruthy();
      expect(Object.keys(endpoint.responses).length, id).toBeGreaterThan(0);
    }
  });
});
