/**
 * Company pages' policies without schemas: zod-free, so the profile page can tell who edits a
 * company page without loading the endpoint table (decision 0027). endpoints/companies.ts uses it.
 */
import type { Policy } from "./policy";

/** Editing a company page (PATCH /companies/:id): members whose role holds the `topics` scope. */
export const companyPagePolicy: Policy = { who: "active", scope: "topics" };
