/**
 * The create-profile wizard (spec §2): /create-profile/profile → /get-verified → /company, then
 * the person's home (/{slug}/network/suggested, issue 18), where the guided tour starts. Steps that are already done are skipped (a verified person is not
 * asked to verify; someone who already has a company page is not asked to create one).
 */
import { accountsMessages } from "@vn/contract/messages/accounts";
import { routes } from "../../lib/paths";

export type WizardStepId = "profile" | "verify" | "company";

export interface WizardStep {
  id: WizardStepId;
  href: string;
  label: string;
}

export const wizardSteps: readonly WizardStep[] = [
  { id: "profile", href: routes.createProfileForm, label: accountsMessages.wizardStepProfile },
  { id: "verify", href: routes.createProfileVerify, label: accountsMessages.wizardStepVerify },
  { id: "company", href: routes.createProfileCompany, label: accountsMessages.wizardStepCompany },
];

/** The session facts the wizard needs (from the Session user). */
export interface WizardFacts {
  status: string;
  /** The person's own profile handle (authBy.slug), whose home the wizard ends on. */
  personSlug: string;
  verificationStatus?: string | null;
  isCompanyWizardCompleted?: boolean;
  countCompanyProfiles?: number;
}

function isProfileIncomplete(status: string): boolean {
  return status === "profile-not-completed" || status === "profile_not_completed";
}

function companyStepDone(facts: WizardFacts): boolean {
  return facts.isCompanyWizardCompleted === true || (facts.countCompanyProfiles ?? 0) > 0;
}

/** Where to go once `step` is done. */
export function stepAfter(step: WizardStepId, facts: WizardFacts): string {
  const end = routes.userHome(facts.personSlug);
  if (step === "company") return end;
  if (step === "profile" && facts.verificationStatus !== "verified") return routes.createProfileVerify;
  return companyStepDone(facts) ? end : routes.createProfileCompany;
}

/** Where "Continue" on /create-profile takes someone: the first step not done yet. */
export function resumeTarget(facts: WizardFacts): string {
  if (isProfileIncomplete(facts.status)) return routes.createProfileForm;
  return stepAfter("profile", facts);
}

/** 1-based position of a step, for "Step 2 of 3". */
export function stepNumber(step: WizardStepId): number {
  return wizardSteps.findIndex((item) => item.id === step) + 1;
}
