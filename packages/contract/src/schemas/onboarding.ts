import { z } from "zod";
import { onboardingTargets } from "../enums";
import { checklistItemIds, checklistKinds } from "../onboarding";

/**
 * The onboarding tour's steps (spec §3 "Onboarding steps": id, isPassed, plus isFinished) and the
 * getting-started checklist (issue 18). contract/onboarding.ts holds the orders and the paths.
 */

export const onboardingStepSchema = z.object({
  id: z.enum(onboardingTargets),
  isPassed: z.boolean(),
});

export const onboardingStepsSchema = z
  .object({
    /**
     * The tour is over: finished (POST tooltips/steps/finish), or every step passed. Always true
     * while acting as a company: the tour is not shown to companies (§6).
     */
    isFinished: z.boolean(),
    /** Every target, in the fixed order of ONBOARDING_STEPS. */
    steps: z.array(onboardingStepSchema),
  })
  .meta({ id: "OnboardingSteps" });
export type OnboardingStepsView = z.infer<typeof onboardingStepsSchema>;
export const onboardingStepsResponseSchema = z.object({ data: onboardingStepsSchema });

/** A step of the tour; any other value is refused (422 request_validationFailed). */
export const onboardingStepParamsSchema = z.object({ stepId: z.enum(onboardingTargets) });

export const checklistItemSchema = z.object({
  id: z.enum(checklistItemIds),
  /** Worked out from the account's real state each time; nothing is ticked by hand. */
  isDone: z.boolean(),
  /** Items counted towards a number ("follow five people"): how far along. */
  progress: z.object({ count: z.number().int(), target: z.number().int() }).optional(),
  /**
   * acceptInvitation while it is not done: the pending team invitation to answer (the newest), whose
   * page is /companies/invites/{invitationId}.
   */
  invitationId: z.string().min(1).optional(),
});

export const checklistSchema = z
  .object({
    /**
     * Whose path the list follows: a person; a company's owner acting as the company; a person
     * invited to a company (pending or accepted invitation); none (another company role acting
     * as the company: nothing to list).
     */
    kind: z.enum(checklistKinds),
    /** The person closed the card (POST users/me/checklist/hide). */
    isHidden: z.boolean(),
    /** Every item is done. */
    isComplete: z.boolean(),
    items: z.array(checklistItemSchema),
  })
  .meta({ id: "GettingStartedChecklist" });
export type Checklist = z.infer<typeof checklistSchema>;
export type ChecklistItem = z.infer<typeof checklistItemSchema>;
export const checklistResponseSchema = z.object({ data: checklistSchema });
