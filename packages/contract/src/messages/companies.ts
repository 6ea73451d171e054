/**
 * Strings of the web's companies feature (apps/web/src/features/companies).
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const companiesMessages = {
  // Issue 11: an access change asks for the password, ends other sessions and can be undone
  createCompanyTitle: "Create a company page",
  createCompanySubtitle:
    "Your company gets its own profile, handle and feed. You are its owner and can switch to it at any time.",
  companyHandleHint: "The page address: {address}",
  createCompanySubmit: "Create page",
  createCompanySubmitting: "Creating…",
  companyCreated: "{name} is ready. You are now acting as the company.",
} as const;
