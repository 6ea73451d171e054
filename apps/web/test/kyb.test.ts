import {
  format,
  KYB_DOCUMENT_MAX_BYTES,
  KYB_INVITE_COOKIES,
  type KybDirector,
  type KybTransaction,
  messages,
} from "@vn/contract";
import { describe, expect, it } from "vitest";
import { badgeOfTransaction, businessBadgeFacts } from "../src/features/kyb/business-badge";
import {
  clearedKybInviteCookieStrings,
  KYB_INVITE_COOKIE_MAX_AGE,
  kybInviteCookieStrings,
  kybInviteFromCookies,
  kybInviteFromQuery,
  kybInvitePath,
} from "../src/features/kyb/invite-cookies";
import { inviteFailureOf } from "../src/features/kyb/invite-errors";
import {
  detailsRequestOf,
  detailsValuesOf,
  directorBadge,
  documentProblem,
  firstOpenStep,
  kybViewOf,
  mayCancelDirector,
  mayVerifyCompany,
  nextStep,
  previousStep,
} from "../src/features/kyb/kyb-rules";
import { ApiError } from "../src/lib/api-error";
import { janeActing } from "./support/actor";

function director(overrides: Partial<KybDirector> = {}): KybDirector {
  return {
    id: "invite-1",
    email: "daniel@example.com",
    name: "Daniel Weber",
    status: "pending",
    verified: false,
    rejectReason: null,
    createdAt: "2026-05-01T10:00:00.000Z",
    decidedAt: null,
    ...overrides,
  };
}

function transaction(overrides: Partial<KybTransaction> = {}): KybTransaction {
  return {
    id: "kyb-1",
    status: "draft",
    company: { id: "company-1", slug: "acme", name: "Acme", verificationStatus: "not_verified" },
    details: {
      legalName: null,
      registrationNumber: null,
      country: null,
      registeredAddress: null,
      incorporationDate: null,
      website: null,
    },
    documents: [],
    directors: [],
    checklist: { details: false, documents: false, directors: false },
    canEdit: true,
    canSubmit: false,
    canStartNew: false,
    reason: null,
    createdAt: "2026-05-01T09:00:00.000Z",
    submittedAt: null,
    decidedAt: null,
    ...overrides,
  };
}

const fullDetails = {
  legalName: "Acme Sp. z o.o.",
  registrationNumber: "KRS 0000120001",
  country: "PL",
  registeredAddress: "ul. Prosta 1, 00-001 Warszawa",
  incorporationDate: "2015-06-01",
  website: "",
};

describe("KYB wizard steps", () => {
  it("opens on the first step the checklist still misses, else the review", () => {
    expect(firstOpenStep({ details: false, documents: false, directors: false })).toBe("details");
    expect(firstOpenStep({ details: true, documents: false, directors: false })).toBe("documents");
    expect(firstOpenStep({ details: true, documents: true, directors: false })).toBe("directors");
    // A later step done does not skip an earlier one still open.
    expect(firstOpenStep({ details: false, documents: true, directors: true })).toBe("details");
    expect(firstOpenStep({ details: true, documents: true, directors: true })).toBe("review");
  });

  it("moves forward and back within the four steps", () => {
    expect(nextStep("details")).toBe("documents");
    expect(nextStep("directors")).toBe("review");
    expect(nextStep("review")).toBe("review");
    expect(previousStep("documents")).toBe("details");
    expect(previousStep("details")).toBe("details");
  });

  it("names the view by the latest transaction's status", () => {
    expect(kybViewOf(null, "not_verified")).toBe("start");
    // Verified before it had a transaction (seeded, or staff): nothing to start.
    expect(kybViewOf(null, "verified")).toBe("verified");
    expect(kybViewOf(transaction(), "not_verified")).toBe("draft");
    expect(kybViewOf(transaction({ status: "pending" }), "pending")).toBe("pending");
    expect(kybViewOf(transaction({ status: "pending_admin_action" }), "pending")).toBe("manualReview");
    expect(kybViewOf(transaction({ status: "accepted" }), "verified")).toBe("verified");
    expect(kybViewOf(transaction({ status: "rejected" }), "not_verified")).toBe("rejected");
    expect(kybViewOf(transaction({ status: "failed" }), "not_verified")).toBe("failed");
  });

  it("shows the wizard only to a company's owners acting as it", () => {
    expect(mayVerifyCompany(janeActing("owner"))).toBe(true);
    // Managers hold no `settings` scope; employees neither.
    expect(mayVerifyCompany(janeActing("manager"))).toBe(false);
    expect(mayVerifyCompany(janeActing("company_employee"))).toBe(false);
    // Acting as herself she holds every scope, but there is no company to verify.
    expect(mayVerifyCompany(janeActing(null))).toBe(false);
    expect(mayVerifyCompany(null)).toBe(false);
    // Read-only people (a final identity rejection) may not run it either.
    expect(mayVerifyCompany({ ...janeActing("owner"), personVerificationStatus: "rejection" })).toBe(false);
  });
});

describe("KYB company details", () => {
  it("starts from what the draft holds", () => {
    expect(detailsValuesOf(transaction().details)).toEqual({
      legalName: "",
      registrationNumber: "",
      country: "",
      registeredAddress: "",
      incorporationDate: "",
      website: "",
    });
    const saved = { ...fullDetails, website: "https://acme.example" };
    expect(detailsValuesOf(transaction({ details: saved }).details)).toEqual(saved);
  });

  it("asks for every field but the website before saving", () => {
    const result = detailsRequestOf(detailsValuesOf(transaction().details));
    expect(result).toEqual({
      ok: false,
      errors: {
        legalName: messages.fieldRequired,
        registrationNumber: messages.fieldRequired,
        country: messages.fieldRequired,
        registeredAddress: messages.fieldRequired,
        incorporationDate: messages.fieldRequired,
      },
    });
  });

  it("checks the fields with the API's schema", () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const result = detailsRequestOf({
      ...fullDetails,
      registrationNumber: "#12345",
      incorporationDate: tomorrow,
      website: "not a link",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.registrationNumber).toBe(messages.kybInvalidRegistrationNumber);
    expect(result.errors.incorporationDate).toBe(messages.kybDateInFuture);
    expect(result.errors.website).toBe(messages.invalidUrl);
    expect(result.errors.legalName).toBeUndefined();
  });

  it("sends a complete form, an empty website clearing the saved one", () => {
    expect(detailsRequestOf(fullDetails)).toEqual({ ok: true, body: fullDetails });
    expect(detailsRequestOf({ ...fullDetails, website: "  https://acme.example " })).toEqual({
      ok: true,
      body: { ...fullDetails, website: "https://acme.example" },
    });
  });
});

describe("KYB documents and directors", () => {
  it("takes PDF, JPG and PNG up to the size limit", () => {
    expect(documentProblem({ name: "extract.pdf", type: "application/pdf", size: 1000 })).toBeNull();
    expect(documentProblem({ name: "scan.JPG", type: "", size: 1000 })).toBeNull();
    expect(documentProblem({ name: "notes.txt", type: "text/plain", size: 10 })).toBe(
      messages.kybDocumentType,
    );
    expect(documentProblem({ name: "deed.docx", type: "", size: 10 })).toBe(messages.kybDocumentType);
    expect(
      documentProblem({ name: "big.pdf", type: "application/pdf", size: KYB_DOCUMENT_MAX_BYTES + 1 }),
    ).toBe(format(messages.kybDocumentTooLarge, { size: 50 }));
  });

  it("gives each invitation its badge", () => {
    expect(directorBadge(director())).toEqual({ label: messages.kybDirectorPending, tone: "warning" });
    expect(directorBadge(director({ status: "accepted", verified: true }))).toEqual({
      label: messages.kybDirectorVerified,
      tone: "success",
    });
    expect(directorBadge(director({ status: "rejected" })).tone).toBe("danger");
    expect(directorBadge(director({ status: "cancelled" })).label).toBe(messages.kybDirectorCancelledBadge);
    expect(directorBadge(director({ status: "expired" })).label).toBe(messages.kybDirectorExpired);
  });

  it("lets the owner cancel open and confirmed invitations of an editable draft only", () => {
    expect(mayCancelDirector(director(), true)).toBe(true);
    expect(mayCancelDirector(director({ status: "accepted" }), true)).toBe(true);
    expect(mayCancelDirector(director({ status: "rejected" }), true)).toBe(false);
    expect(mayCancelDirector(director({ status: "cancelled" }), true)).toBe(false);
    expect(mayCancelDirector(director(), false)).toBe(false);
  });
});

describe("KYB invitation cookies", () => {
  it("reads the mail link's query, refusing what the API never writes", () => {
    expect(kybInviteFromQuery(new URLSearchParams("company=brightline&status=accept"))).toEqual({
      slug: "brightline",
      answer: "accept",
    });
    expect(kybInviteFromQuery(new URLSearchParams("company=brightline&status=reject"))?.answer).toBe(
      "reject",
    );
    expect(kybInviteFromQuery(new URLSearchParams("company=brightline&status=maybe"))).toBeNull();
    expect(kybInviteFromQuery(new URLSearchParams("status=accept"))).toBeNull();
    expect(kybInviteFromQuery(new URLSearchParams("company=../admin&status=accept"))).toBeNull();
  });

  it("stores both for a day, path=/ and SameSite=Lax, and reads them back", () => {
    const [slug, status] = kybInviteCookieStrings({ slug: "brightline", answer: "accept" }, false);
    expect(slug).toBe(`${KYB_INVITE_COOKIES.slug}=brightline; Path=/; Max-Age=86400; SameSite=Lax`);
    expect(status).toBe(`${KYB_INVITE_COOKIES.status}=accept; Path=/; Max-Age=86400; SameSite=Lax`);
    expect(KYB_INVITE_COOKIE_MAX_AGE).toBe(24 * 60 * 60);
    expect(kybInviteCookieStrings({ slug: "acme", answer: "reject" }, true)[0]).toMatch(/; Secure$/);
    expect(kybInviteFromCookies("theme=dark; slug-kyb=brightline; status-kyb=accept")).toEqual({
      slug: "brightline",
      answer: "accept",
    });
  });

  it("needs both cookies", () => {
    expect(kybInviteFromCookies("slug-kyb=brightline")).toBeNull();
    expect(kybInviteFromCookies("status-kyb=accept")).toBeNull();
    expect(kybInviteFromCookies("")).toBeNull();
    expect(kybInviteFromCookies("slug-kyb=brightline; status-kyb=%E0%A4%A")).toBeNull();
  });

  it("clears both at once", () => {
    const cleared = clearedKybInviteCookieStrings(false);
    expect(cleared).toEqual([
      `${KYB_INVITE_COOKIES.slug}=; Path=/; Max-Age=0; SameSite=Lax`,
      `${KYB_INVITE_COOKIES.status}=; Path=/; Max-Age=0; SameSite=Lax`,
    ]);
  });

  it("leads leftover cookies back to the invitation page", () => {
    expect(kybInvitePath({ slug: "brightline", answer: "reject" })).toBe(
      "/companies/kyb-invite?company=brightline&status=reject",
    );
  });

  it("tells a director who is not verified to verify first, and shows the server's word otherwise", () => {
    expect(
      inviteFailureOf(new ApiError(403, "user_notVerified", "Please verify your identity to continue.")),
    ).toEqual({
      message: messages.kybDirectorVerifyFirst,
      verifyFirst: true,
    });
    expect(inviteFailureOf(new ApiError(409, "invite_unavailable", messages.invitationUnavailable))).toEqual({
      message: messages.invitationUnavailable,
      verifyFirst: false,
    });
    expect(inviteFailureOf(new Error("boom")).message).toBe(messages.somethingWentWrong);
  });
});

describe("the business badge", () => {
  it("words the registration, the directors and the last check", () => {
    expect(
      businessBadgeFacts({
        registrationNumber: "KRS 0000120001",
        country: "PL",
        verifiedDirectors: 2,
        checkedAt: "2026-06-03T08:30:00.000Z",
      }),
    ).toEqual({
      registration: "Reg. no. KRS 0000120001 · Poland",
      directors: "2 verified directors",
      checked: "Last checked Jun 3, 2026",
    });
    const one = businessBadgeFacts({
      registrationNumber: "12345",
      country: "XX",
      verifiedDirectors: 1,
      checkedAt: "not a date",
    });
    expect(one).toEqual({
      registration: "Reg. no. 12345 · XX",
      directors: "1 verified director",
      checked: null,
    });
  });

  it("comes from an accepted transaction: its registration, its verified directors, the decision", () => {
    const accepted = transaction({
      status: "accepted",
      details: { ...fullDetails, website: null },
      directors: [
        director({ id: "a", status: "accepted", verified: true }),
        director({ id: "b", status: "rejected" }),
        director({ id: "c", status: "accepted", verified: true }),
        director({ id: "d", status: "cancelled" }),
      ],
      decidedAt: "2026-06-03T08:30:00.000Z",
    });
    expect(badgeOfTransaction(accepted)).toEqual({
      registrationNumber: "KRS 0000120001",
      country: "PL",
      verifiedDirectors: 2,
      checkedAt: "2026-06-03T08:30:00.000Z",
    });
    expect(
      badgeOfTransaction(transaction({ status: "pending", details: { ...fullDetails, website: null } })),
    ).toBeNull();
    expect(badgeOfTransaction(null)).toBeNull();
  });
});
