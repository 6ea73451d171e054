import { companyCreateRequestSchema, companyResponseSchema } from "../schemas/companies";
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
};
