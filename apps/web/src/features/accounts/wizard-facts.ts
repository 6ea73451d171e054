import type { SessionUser } from "@/lib/session";
import { personOf } from "@/lib/session";
import type { WizardFacts } from "./wizard";

/** The wizard's facts from the Session user (person-level fields, whichever account is acting). */
export function wizardFactsOf(user: SessionUser): WizardFacts {
  return {
    status: user.status.id,
    personSlug: personOf(user).slug,
    verificationStatus: user.authBy?.verificationStatus ?? user.verificationStatus ?? null,
    isCompanyWizardCompleted: user.isCompanyWizardCompleted,
    countCompanyProfiles: user.countCompanyProfiles,
  };
}
