import { describe, expect, it } from "vitest";
import {
  ageOn,
  dateOfBirthSchema,
  emailSchema,
  handleSchema,
  isPremiumHandle,
  messages,
  oneTimeCodeSchema,
  passwordSchema,
  phoneSchema,
} from "../src/index";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("email", () => {
  it("accepts a valid address and lower-cases it", () => {
    expect(emailSchema.parse(" Anna@Example.COM ")).toBe("anna@example.com");
  });
  it.each([["a@b.c"], ["not-an-email"], [`${"a".repeat(250)}@b.com`]])("rejects %s as invalid", (value) => {
    expect(firstMessage(emailSchema.safeParse(value))).toBe(messages.invalidEmail);
  });
  it("says the field is required when empty", () => {
    expect(firstMessage(emailSchema.safeParse(""))).toBe(messages.fieldRequired);
  });
});

describe("password", () => {
  it("needs 8 characters", () => {
    expect(firstMessage(passwordSchema.safeParse("short"))).toBe("Min 8 characters.");
    expect(passwordSchema.safeParse("12345678").success).toBe(true);
  });
});

describe("phone", () => {
  it("allows numbers and symbols only", () => {
    expect(firstMessage(phoneSchema.safeParse("+48 abc 123"))).toBe(messages.invalidPhone);
  });
  it("needs at least 7 digits", () => {
    expect(firstMessage(phoneSchema.safeParse("+1 (23) 45"))).toBe(
      "Phone number must contain at least 7 digits.",
    );
    expect(phoneSchema.safeParse("+1 (234) 567-89").success).toBe(true);
  });
});

describe("handle", () => {
  it("accepts latin letters, digits, dots, hyphens, underscores", () => {
    expect(handleSchema.safeParse("anna.kowalski_22").success).toBe(true);
  });
  it.each([["anna kowalski"], ["ąna"], [".anna"], ["anna-"]])("rejects %s as invalid format", (value) => {
    expect(firstMessage(handleSchema.safeParse(value))).toBe(messages.handleInvalidFormat);
  });
  it("treats handles with fewer than two digits as premium", () => {
    expect(isPremiumHandle("anna")).toBe(true);
    expect(isPremiumHandle("anna7")).toBe(true);
    expect(isPremiumHandle("anna77")).toBe(false);
  });
});

describe("date of birth", () => {
  it("computes age across birthdays", () => {
    expect(ageOn("2008-11-22", new Date("2026-11-21T12:00:00Z"))).toBe(17);
    expect(ageOn("2008-11-21", new Date("2026-11-21T12:00:00Z"))).toBe(18);
  });
  it("is required and must be 18 or older", () => {
    expect(firstMessage(dateOfBirthSchema.safeParse(""))).toBe(messages.dateOfBirthRequired);
    const young = `${new Date().getUTCFullYear() - 10}-01-01`;
    expect(firstMessage(dateOfBirthSchema.safeParse(young))).toBe(messages.mustBeAdult);
    expect(dateOfBirthSchema.safeParse("1990-05-04").success).toBe(true);
  });
});

describe("one-time code", () => {
  it("is 6 characters", () => {
    expect(oneTimeCodeSchema.safeParse("A1B2C3").success).toBe(true);
    expect(firstMessage(oneTimeCodeSchema.safeParse("12345"))).toBe(messages.invalidCode);
  });
});
