import { format, messages, type ProfilePage } from "@vn/contract";
import { describe, expect, it } from "vitest";
import { mayEditPage, nestedFieldErrors, valuesOfPage } from "../src/features/page-editing/page-edit-rules";
import { pageEditSchema } from "../src/features/page-editing/page-edit-schema";
import { janeActing } from "./support/actor";

/** Jane acting as herself (role null) or for Acme in `role`. */
const actor = janeActing;

function page(kind: "user" | "company", isOwner: boolean): ProfilePage {
  return {
    followersCount: 0,
    followingCount: 0,
    followed: false,
    mediaCounts: { all: 0, releases: 0, responses: 0, recordings: 0 },
    sectionCounts: {} as ProfilePage["sectionCounts"],
    user: {
      id: kind === "company" ? "company-1" : "person-1",
      name: kind === "company" ? "Acme" : "Jane",
      slug: kind === "company" ? "acme" : "jane",
      profession: null,
      type: { id: kind },
      about: null,
      image: null,
      backgroundImage: null,
      city: null,
      country: null,
      verificationStatus: "not_verified",
      verifiedAt: null,
      badge: null,
      business: null,
    },
    socialLinks: {
      twitter: "https://x.com/jane",
      youtube: null,
      facebook: null,
      site: null,
      linkedin: null,
      instagram: null,
    },
    contacts: {
      mainEmail: "jane@example.com",
      mainPhone: null,
      additionalEmail: null,
      additionalPhone: null,
    },
    tabs: ["media", "feed"],
    isOwner,
  };
}

describe("who gets the Edit page button", () => {
  it("a person on their own page; nobody on someone else's", () => {
    expect(mayEditPage(actor(null), page("user", true))).toBe(true);
    expect(mayEditPage(actor(null), page("user", false))).toBe(false);
    expect(mayEditPage(null, page("user", false))).toBe(false);
  });

  it("on a company page: the owner or a manager acting as it, not an employee (topics scope none)", () => {
    expect(mayEditPage(actor("owner"), page("company", true))).toBe(true);
    expect(mayEditPage(actor("manager"), page("company", true))).toBe(true);
    expect(mayEditPage(actor("company_employee"), page("company", true))).toBe(false);
    expect(mayEditPage(actor(null), page("company", false))).toBe(false);
  });
});

describe("the Edit page form", () => {
  it("opens on the page's values, empty strings for what is not set", () => {
    const values = valuesOfPage(page("user", true));
    expect(values.socialLinks).toMatchObject({ twitter: "https://x.com/jane", site: "" });
    expect(values.contacts).toEqual({
      mainEmail: "jane@example.com",
      mainPhone: "",
      additionalEmail: "",
      additionalPhone: "",
    });
  });

  it("checks with the API's rules: emptied fields clear, bad ones carry the §5 messages", () => {
    const schema = pageEditSchema("user");
    const base = valuesOfPage(page("user", true));
    const ok = schema.parse({ ...base, contacts: { ...base.contacts, mainEmail: "" } });
    expect(ok.contacts.mainEmail).toBeNull();
    expect(ok.socialLinks.site).toBeNull();

    const bad = schema.safeParse({
      ...base,
      socialLinks: { ...base.socialLinks, twitter: "https://example.com/jane" },
      contacts: { ...base.contacts, mainPhone: "601 234 567", additionalPhone: "+1 234" },
    });
    expect(bad.success).toBe(false);
    const issues = bad.error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ["socialLinks.twitter", format(messages.socialLinkWrongHost, { hosts: "twitter.com or x.com" })],
        ["contacts.mainPhone", messages.phoneMustStartWithPlus],
        ["contacts.additionalPhone", messages.phoneTooShort],
      ]),
    );
    // A company name follows the company rules (a person's name may not hold digits).
    expect(pageEditSchema("company").safeParse({ ...base, name: "Acme 24" }).success).toBe(true);
    expect(pageEditSchema("user").safeParse({ ...base, name: "Jane 24" }).success).toBe(false);
  });

  it("puts the API's 422 details back on the nested fields, the first message of each", () => {
    expect(
      nestedFieldErrors([
        { path: "body.contacts.mainPhone", message: messages.phoneTooLong },
        { path: "body.contacts.mainPhone", message: messages.invalidPhone },
        { path: "body.backgroundImageUrl", message: messages.pageImageNotUploaded },
        { nonsense: true },
      ]),
    ).toEqual([
      { field: "contacts.mainPhone", message: messages.phoneTooLong },
      { field: "backgroundImageUrl", message: messages.pageImageNotUploaded },
    ]);
    expect(nestedFieldErrors(undefined)).toEqual([]);
  });
});
