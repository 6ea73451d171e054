import {
  type Actor,
  entitlementsOf,
  format,
  messages,
  personalPermissions,
  type VerificationScreen,
  type VerificationStatus,
} from "@vn/contract";
import { describe, expect, it } from "vitest";
import {
  bannerHiddenOn,
  bannerTextOf,
  captureComplete,
  captureSidesFor,
  gatePopupOf,
  gatePopupOfError,
  isVerificationScreen,
  type ScreenFacts,
  screenFits,
  verifiedBadgeText,
  verifiedMonth,
} from "../src/features/verification/verification-rules";

/** A person acting as themselves on the basic plan, in the verification status given. */
function person(status: VerificationStatus, overrides: Partial<Actor> = {}): Actor {
  return {
    userId: "u1",
    userStatus: "active",
    profileId: "p1",
    profileSlug: "pia",
    profileType: "user",
    ownProfileId: "p1",
    companyRole: null,
    permissions: personalPermissions(),
    verificationStatus: status,
    personVerificationStatus: status,
    staffRole: null,
    entitlements: entitlementsOf({ owner: "user", tier: "basic" }),
    actingProfileLost: false,
    ...overrides,
  };
}

function facts(screen: VerificationScreen, overrides: Partial<ScreenFacts> = {}): ScreenFacts {
  return { screen, canStart: false, canAppeal: false, appeal: null, ...overrides };
}

const appeal = {
  id: "a1",
  status: "pending" as const,
  message: "Please look again",
  createdAt: "2026-11-02T10:00:00.000Z",
  decidedAt: null,
};

describe("which screen shows a state", () => {
  it("each screen shows its own state", () => {
    for (const screen of [
      "flow",
      "processing",
      "success",
      "failure",
      "reject",
      "rfi",
      "documents",
    ] as const) {
      expect(screenFits(screen, facts(screen))).toBe(true);
    }
  });

  it("a start (flow, retry) is open only where the API says it is", () => {
    expect(screenFits("flow", facts("failure", { canStart: true }))).toBe(true);
    expect(screenFits("flow", facts("processing"))).toBe(false);
    expect(screenFits("flow", facts("success"))).toBe(false);
    expect(screenFits("retry", facts("reject", { canStart: true }))).toBe(true);
    // A final rejection has no retry: the reject screen, then the appeal.
    expect(screenFits("retry", facts("reject"))).toBe(false);
    expect(screenFits("retry", facts("failure", { canStart: true }))).toBe(false);
  });

  it("keeps the reason readable while retrying or appealing, and the appeal for a final rejection", () => {
    expect(screenFits("reject", facts("retry", { canStart: true }))).toBe(true);
    expect(screenFits("reject", facts("appeal"))).toBe(true);
    expect(screenFits("appeal", facts("reject", { canAppeal: true }))).toBe(true);
    expect(screenFits("appeal", facts("reject", { canStart: true }))).toBe(false);
    // An appeal made: its screen tells where it stands.
    expect(screenFits("appeal", facts("appeal", { appeal }))).toBe(true);
  });

  it("the request for documents and the upload are one step", () => {
    expect(screenFits("documents", facts("rfi"))).toBe(true);
    expect(screenFits("rfi", facts("documents"))).toBe(true);
    expect(screenFits("documents", facts("processing"))).toBe(false);
  });

  it("processing and success show nothing else; company always hands over", () => {
    expect(screenFits("processing", facts("success"))).toBe(false);
    expect(screenFits("success", facts("processing"))).toBe(false);
    expect(screenFits("success", facts("reject", { canAppeal: true }))).toBe(false);
    expect(screenFits("company", facts("flow", { canStart: true }))).toBe(true);
    expect(screenFits("company", facts("success"))).toBe(true);
  });

  it("knows the screens of §2 from other words", () => {
    expect(isVerificationScreen("success")).toBe(true);
    expect(isVerificationScreen("company")).toBe(false);
    expect(isVerificationScreen("../settings")).toBe(false);
    expect(isVerificationScreen(3)).toBe(false);
  });
});

describe("the banner", () => {
  it("shows for not verified, pending and failed, each with its sentence", () => {
    expect(bannerTextOf("not_verified")).toBe(messages.verificationBanner);
    expect(bannerTextOf("pending")).toBe(messages.verificationBannerPending);
    expect(bannerTextOf("failed")).toBe(messages.verificationBannerFailed);
  });

  it("is not shown to verified or read-only people, nor to visitors", () => {
    for (const status of ["verified", "rejection", "appealed"] as const)
      expect(bannerTextOf(status)).toBeNull();
    expect(bannerTextOf(null)).toBeNull();
  });

  it("stays off the pages that are the way to verify", () => {
    expect(bannerHiddenOn("/verification")).toBe(true);
    expect(bannerHiddenOn("/verification/processing")).toBe(true);
    expect(bannerHiddenOn("/jumio")).toBe(true);
    expect(bannerHiddenOn("/create-profile/get-verified")).toBe(true);
    expect(bannerHiddenOn("/settings")).toBe(false);
    expect(bannerHiddenOn("/verificationist")).toBe(false);
  });
});

describe("the verification popups (gates table)", () => {
  it("not verified, pending, failed: verify first for publishing, comments, messages, companies", () => {
    for (const status of ["not_verified", "pending", "failed"] as const) {
      const actor = person(status);
      expect(gatePopupOf(actor, "content.write", { kind: "post" })).toBe("accessRestricted");
      expect(gatePopupOf(actor, "comments.write")).toBe("accessRestricted");
      expect(gatePopupOf(actor, "company.create")).toBe("accessRestricted");
      expect(gatePopupOf(actor, "messenger.use")).toBe("accessRestricted");
      expect(gatePopupOf(actor, "billing.manage")).toBe("accessRestricted");
      // They still follow and react.
      expect(gatePopupOf(actor, "follows.write")).toBeNull();
      expect(gatePopupOf(actor, "reactions.write")).toBeNull();
    }
  });

  it("rejection and appeal: read-only, with the appeal, for following and reacting too", () => {
    for (const status of ["rejection", "appealed"] as const) {
      const actor = person(status);
      expect(gatePopupOf(actor, "follows.write")).toBe("readOnly");
      expect(gatePopupOf(actor, "reactions.write")).toBe("readOnly");
      expect(gatePopupOf(actor, "content.write", { kind: "post" })).toBe("readOnly");
      expect(gatePopupOf(actor, "comments.write")).toBe("readOnly");
    }
  });

  it("verified: nothing in the way; a plan's refusal is not a verification popup", () => {
    const actor = person("verified");
    expect(gatePopupOf(actor, "content.write", { kind: "post" })).toBeNull();
    expect(gatePopupOf(actor, "follows.write")).toBeNull();
    // Video publishing needs a paid plan: another answer, not "verify first".
    expect(gatePopupOf(actor, "content.write", { kind: "video" })).toBeNull();
    expect(gatePopupOf(null, "content.write")).toBeNull();
  });

  it("the person's status decides, whichever account they act as", () => {
    const actingForCompany = person("verified", {
      profileType: "company",
      profileId: "c1",
      personVerificationStatus: "rejection",
    });
    expect(gatePopupOf(actingForCompany, "follows.write")).toBe("readOnly");
  });

  it("opens for the API's 403 user_notVerified, and only for it", () => {
    const refusal = { status: 403, code: "user_notVerified", message: messages.userNotVerified };
    expect(gatePopupOfError(person("not_verified"), refusal)).toBe("accessRestricted");
    expect(gatePopupOfError(person("rejection"), refusal)).toBe("readOnly");
    expect(gatePopupOfError(null, refusal)).toBe("accessRestricted");
    expect(gatePopupOfError(person("not_verified"), { code: "account_accessForbiddenByPlan" })).toBeNull();
    expect(gatePopupOfError(person("not_verified"), new Error("offline"))).toBeNull();
    expect(gatePopupOfError(person("not_verified"), null)).toBeNull();
  });
});

describe("the badge: what was verified and when", () => {
  it("says the month and year of the decision", () => {
    expect(verifiedMonth("2026-11-21T09:30:00.000Z")).toBe("Nov 2026");
    // The calendar of the decision (UTC), wherever the page is read.
    expect(verifiedMonth("2026-11-30T23:59:00.000Z")).toBe("Nov 2026");
    expect(verifiedMonth(null)).toBeNull();
    expect(verifiedMonth("not a date")).toBeNull();
  });

  it("names a person's identity or a company's business", () => {
    expect(verifiedBadgeText("user", "2026-11-21T09:30:00.000Z")).toBe(
      format(messages.identityVerifiedOn, { date: "Nov 2026" }),
    );
    expect(verifiedBadgeText("user", "2026-11-21T09:30:00.000Z")).toBe("Identity verified · Nov 2026");
    expect(verifiedBadgeText("company", "2027-02-01T00:00:00.000Z")).toBe("Business verified · Feb 2027");
    expect(verifiedBadgeText("user", null)).toBe(messages.identityVerified);
  });
});

describe("the capture page's photos", () => {
  it("asks for the back only where the document has one", () => {
    expect(captureSidesFor("passport")).toEqual(["front", "selfie"]);
    expect(captureSidesFor("id_card")).toEqual(["front", "back", "selfie"]);
    expect(captureSidesFor("driving_licence")).toEqual(["front", "back", "selfie"]);
    expect(captureSidesFor(null)).toEqual(["front", "selfie"]);
  });

  it("is complete when every photo the document needs has arrived", () => {
    expect(captureComplete("passport", { front: true, selfie: true })).toBe(true);
    expect(captureComplete("id_card", { front: true, selfie: true })).toBe(false);
    expect(captureComplete("id_card", { front: true, back: true, selfie: true })).toBe(true);
    expect(captureComplete(null, { front: true, back: true, selfie: true })).toBe(false);
  });
});
