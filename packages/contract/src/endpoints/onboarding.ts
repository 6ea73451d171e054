import {
  checklistResponseSchema,
  onboardingStepParamsSchema,
  onboardingStepsResponseSchema,
} from "../schemas/onboarding";
import { endpoint } from "./define";

const tags = ["onboarding"];

/**
 * The guided tour (spec §7 "Onboarding": GET tooltips/steps, POST tooltips/steps/{stepId}, POST
 * tooltips/steps/finish; v1, with v2 copies) and the getting-started checklist (issue 18).
 *
 * Who: a signed-in person whose profile is finished (`active`). The tour belongs to the person and
 * is not shown to companies (§6): while acting as a company GET answers isFinished true, and
 * passing or finishing a step is refused (403 request_forbidden). The checklist follows the
 * acting profile: a company's owner acting as the company gets the company's list.
 */
export const onboardingEndpoints = {
  steps: endpoint({
    method: "GET",
    path: "/api/v1/tooltips/steps",
    alsoAt: ["/api/v2/tooltips/steps"],
    tags,
    summary: "The onboarding tour's steps (id, isPassed, in a fixed order) and whether the tour is finished",
    responses: { 200: onboardingStepsResponseSchema },
    policy: { who: "active" },
  }),
  finish: endpoint({
    method: "POST",
    path: "/api/v1/tooltips/steps/finish",
    alsoAt: ["/api/v2/tooltips/steps/finish"],
    tags,
    summary: "Finish the onboarding tour (idempotent); the onboarding redirect stops",
    description: "Errors: 403 request_forbidden while acting as a company (the tour is not for companies).",
    responses: { 200: onboardingStepsResponseSchema },
    policy: { who: "active" },
    errors: ["request_forbidden"],
  }),
  passStep: endpoint({
    method: "POST",
    path: "/api/v1/tooltips/steps/:stepId",
    alsoAt: ["/api/v2/tooltips/steps/:stepId"],
    tags,
    summary: "Mark a step of the onboarding tour passed (idempotent); passing the last one finishes the tour",
    description:
      "An unknown step answers 422 request_validationFailed. Errors: 403 request_forbidden while acting as a company.",
    params: onboardingStepParamsSchema,
    responses: { 200: onboardingStepsResponseSchema },
    policy: { who: "active" },
    errors: ["request_forbidden"],
  }),
  checklist: endpoint({
    method: "GET",
    path: "/api/v1/users/me/checklist",
    tags,
    summary:
      "The getting-started checklist of the acting profile, worked out from its real state (a person, a company's owner, an invitee)",
    responses: { 200: checklistResponseSchema },
    policy: { who: "active" },
  }),
  hideChecklist: endpoint({
    method: "POST",
    path: "/api/v1/users/me/checklist/hide",
    tags,
    summary: "Close the getting-started checklist on the person's home (idempotent)",
    responses: { 200: checklistResponseSchema },
    policy: { who: "active" },
  }),
};
