import { companyPagePolicy } from "../companies";
import { idParamsSchema } from "../schemas/common";
import {
  companyCreateRequestSchema,
  companyPageSettingsResponseSchema,
  companyPageUpdateRequestSchema,
  companyResponseSchema,
} from "../schemas/companies";
import { endpoint } from "./define";

const tags = ["companies"];

/** Companies, first step: creating one (switching is POST /users/switch-account). v1 and v2. */
export const companiesEndpoints = {
  create: endpoint({
    method: "POST",
    path: "/api/v1/companies",
    alsoAt: ["/api/v2/companies"],
    tags,
    summary: "Create a company profile; the caller becomes its owner",
    description:
      "Errors: 422 request_validationFailed; 409 slug_alreadyTakenConflict; 403 account_accessForbiddenByPlan (a handle without two digits); 403 user_profileNotCompleted.",
    body: companyCreateRequestSchema,
    responses: { 201: companyResponseSchema },
    policy: { who: "verified", rateLimit: { max: 10, per: "minute", by: "address" } },
    errors: ["slug_alreadyTakenConflict", "account_accessForbiddenByPlan", "company_notFound"],
  }),
  // Page editing (issue 14): while acting as the company, with the `topics` scope: the page's
  // public presentation is page content, which owners and managers run (`all`) and employees do
  // not (`none`); `settings` (billing, the team's settings) stays the owner's (decision 0019). An
  // unverified company may still build its page, so the level is active, not verified.
  pageSettings: endpoint({
    method: "GET",
    path: "/api/v1/companies/:id/page-settings",
    tags,
    summary: "The company page's editable fields, for the company being acted as",
    description:
      "Errors: 403 accountManager_permissionNotProvided (the role's topics scope is none); 403 request_forbidden (not acting as this company: switch to it first); 404 company_notFound; 403 accountManager_ownerNotFound.",
    params: idParamsSchema,
    responses: { 200: companyPageSettingsResponseSchema },
    policy: { who: "active", scope: "topics" },
    errors: ["company_notFound", "request_forbidden"],
  }),
  updatePage: endpoint({
    method: "PATCH",
    path: "/api/v1/companies/:id",
    tags,
    summary: "Edit the company page: name, logo, background, about, website, social links, contacts",
    description:
      "Any subset; null clears a field. Images must be the company's own uploads of type company_image (logo) and company_background_image (background). Audited as company.updated. Errors: 422 request_validationFailed (the §5 messages per field); 403 accountManager_permissionNotProvided; 403 request_forbidden (not acting as this company); 404 company_notFound.",
    params: idParamsSchema,
    body: companyPageUpdateRequestSchema,
    responses: { 200: companyPageSettingsResponseSchema },
    policy: companyPagePolicy,
    errors: ["company_notFound", "request_forbidden"],
  }),
};
