import { describe, expect, it } from "vitest";
import {
  companyCreateRequestSchema,
  format,
  generalInfoUpdateRequestSchema,
  generalInfoWizardSchema,
  localEmailState,
  messages,
  passwordChangeFormSchema,
  passwordChangeRequestSchema,
  passwordResetFormSchema,
  permissionsForRole,
  personNameSchema,
  signInRequestSchema,
  signUpFormSchema,
  switchAccountRequestSchema,
  userInvitesCreateRequestSchema,
} from "../src/index";

type Result = { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } };
/** The first message per field, as a form shows it. */
const messagesOf = (result: Result) => {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join(".")] ??= issue.message;
  return out;
};

const signUp = {
  email: "anna@example.com",
  password: "12345678",
  passwordConfirmation: "12345678",
  acceptTerms: true,
  acceptPrivacy: true,
};

describe("sign-up form", () => {
  it("accepts a complete form", () => {
    expect(signUpFormSchema.safeParse(signUp).success).toBe(true);
  });
  it("needs matching passwords", () => {
    expect(messagesOf(signUpFormSchema.safeParse({ ...signUp, passwordConfirmation: "123456789" }))).toEqual({
      passwordConfirmation: messages.passwordsMustMatch,
    });
  });
  it("needs both consents ticked", () => {
    const result = messagesOf(
      signUpFormSchema.safeParse({ ...signUp, acceptTerms: false, acceptPrivacy: undefined }),
    );
    expect(result).toEqual({
      acceptTerms: messages.consentRequired,
      acceptPrivacy: messages.consentRequired,
    });
  });
  it("needs a password of 8 characters and a valid email of 6 to 254", () => {
    const result = messagesOf(signUpFormSchema.safeParse({ ...signUp, email: "a@b.c", password: "1234567" }));
    expect(result.email).toBe(messages.invalidEmail);
    expect(result.password).toBe(format(messages.passwordMin, { count: 8 }));
  });
});

describe("sign-in", () => {
  it("takes any non-empty password (older ones may be shorter)", () => {
    expect(signInRequestSchema.safeParse({ email: "anna@example.com", password: "x" }).success).toBe(true);
    expect(messagesOf(signInRequestSchema.safeParse({ email: "anna@example.com", password: "" }))).toEqual({
      password: messages.fieldRequired,
    });
  });
});

describe("the live email check's local states (§4)", () => {
  it.each([
    ["", "emptyField"],
    ["   ", "emptyField"],
    ["a@b.c", "minCharError"],
    ["anna@example", "invalidEmailFormat"],
    ["anna@example.com", null],
  ])("%j → %s", (value, state) => {
    expect(localEmailState(value)).toBe(state);
  });
});

describe("password change and reset forms", () => {
  it("the new password must differ and be confirmed", () => {
    expect(
      messagesOf(
        passwordChangeRequestSchema.safeParse({ currentPassword: "abcdefgh", newPassword: "abcdefgh" }),
      ),
    ).toEqual({ newPassword: messages.passwordMustDiffer });
    expect(
      messagesOf(
        passwordChangeFormSchema.safeParse({
          currentPassword: "old one",
          newPassword: "new password",
          newPasswordConfirmation: "other",
        }),
      ),
    ).toEqual({ newPasswordConfirmation: messages.passwordsMustMatch });
    expect(
      messagesOf(
        passwordResetFormSchema.safeParse({
          token: "t",
          newPassword: "short",
          newPasswordConfirmation: "short",
        }),
      ),
    ).toEqual({ newPassword: format(messages.passwordMin, { count: 8 }) });
  });
});

describe("create-profile wizard", () => {
  const valid = { name: "Tomás Álvarez", slug: "tomas.alvarez.12", dateOfBirth: "1990-02-03" };
  it("requires name, handle and an adult's date of birth", () => {
    expect(generalInfoWizardSchema.safeParse(valid).success).toBe(true);
    const result = messagesOf(generalInfoWizardSchema.safeParse({}));
    expect(result).toEqual({
      name: messages.fieldRequired,
      slug: messages.fieldRequired,
      dateOfBirth: messages.dateOfBirthRequired,
    });
    expect(messagesOf(generalInfoWizardSchema.safeParse({ ...valid, dateOfBirth: "2020-01-01" }))).toEqual({
      dateOfBirth: messages.mustBeAdult,
    });
  });
  it("names are Latin letters (diacritics welcome), cleaned of extra spaces", () => {
    expect(personNameSchema.parse("  Zoë   O’Brien-Smith ")).toBe("Zoë O’Brien-Smith");
    expect(messagesOf(personNameSchema.safeParse("Иван Петров"))).toEqual({ "": messages.onlyLatin });
    expect(messagesOf(personNameSchema.safeParse("A"))).toEqual({
      "": format(messages.minChars, { count: 2 }),
    });
  });
  it("optional fields: empty becomes null, text is cleaned, limits hold", () => {
    expect(generalInfoUpdateRequestSchema.parse({ city: "  ", about: "a\n\n\n\nb", country: "pl" })).toEqual({
      city: null,
      about: "a\n\nb",
      country: "PL",
    });
    const about = Array.from({ length: 22 }, (_, i) => `line ${i}`).join("\n");
    expect(messagesOf(generalInfoUpdateRequestSchema.safeParse({ about }))).toEqual({
      about: format(messages.maxLineBreaks, { count: 20 }),
    });
    expect(messagesOf(generalInfoUpdateRequestSchema.safeParse({ profession: "x".repeat(101) }))).toEqual({
      profession: format(messages.maxChars, { count: 100 }),
    });
    expect(
      messagesOf(generalInfoUpdateRequestSchema.safeParse({ imageUrl: "ftp://x.example/a.png" })),
    ).toEqual({
      imageUrl: messages.invalidUrl,
    });
    expect(messagesOf(generalInfoUpdateRequestSchema.safeParse({ country: "Poland" }))).toEqual({
      country: messages.invalidCountry,
    });
  });
});

describe("companies and switching", () => {
  it("a company needs a name and a handle", () => {
    expect(
      companyCreateRequestSchema.safeParse({ name: "AT&T (Europe) 2", slug: "att-europe-22" }).success,
    ).toBe(true);
    expect(messagesOf(companyCreateRequestSchema.safeParse({ name: "", slug: "" }))).toEqual({
      name: messages.fieldRequired,
      slug: messages.fieldRequired,
    });
  });
  it("switching to a company names it", () => {
    expect(switchAccountRequestSchema.safeParse({ type: { id: "user" } }).success).toBe(true);
    expect(messagesOf(switchAccountRequestSchema.safeParse({ type: { id: "company" } }))).toEqual({
      id: messages.fieldRequired,
    });
  });
  it("roles map to the product's permission scopes", () => {
    expect(Object.values(permissionsForRole("owner")).every((v) => v === "all")).toBe(true);
    expect(permissionsForRole("manager")).toMatchObject({
      posts: "all",
      employees: "manage",
      settings: "none",
    });
    expect(permissionsForRole("company_employee")).toMatchObject({
      posts: "manage",
      chats: "none",
      employees: "none",
    });
  });
});

describe("bulk invitations", () => {
  it("at least one, at most 50, no duplicates", () => {
    expect(messagesOf(userInvitesCreateRequestSchema.safeParse({ emails: [] }))).toEqual({
      emails: messages.atLeastOneEmail,
    });
    const many = Array.from({ length: 51 }, (_, i) => `p${i}@example.com`);
    expect(messagesOf(userInvitesCreateRequestSchema.safeParse({ emails: many }))).toEqual({
      emails: format(messages.bulkInviteMax, { count: 50 }),
    });
    expect(
      messagesOf(userInvitesCreateRequestSchema.safeParse({ emails: ["a@example.com", "A@example.com"] })),
    ).toEqual({
      "emails.1": messages.alreadyAdded,
    });
  });
});

describe("the sign-up form schema (issue 18)", () => {
  it("says the passwords must match even while other fields are wrong", async () => {
    const { signUpFormSchema, messages: texts } = await import("../src/index");
    const result = signUpFormSchema.safeParse({
      email: "not an email",
      password: "correct-horse-battery",
      passwordConfirmation: "correct-horse-battery!",
      acceptTerms: false,
      acceptPrivacy: false,
    });
    expect(result.success).toBe(false);
    const confirmation = result.error?.issues.find((issue) => issue.path[0] === "passwordConfirmation");
    expect(confirmation?.message).toBe(texts.passwordsMustMatch);
  });
});
