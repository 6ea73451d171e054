"use client";

import type { CompanyMemberRole } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { api } from "@/lib/api-client";
import { useResource } from "@/lib/use-resource";

/** The SWR key of the person's companies (what `mutate` refreshes after creating one). */
export const COMPANIES_KEY = api.accounts.companies.path();

export const roleLabels: Record<CompanyMemberRole, string> = {
  owner: commonMessages.roleOwner,
  manager: commonMessages.roleManager,
  company_employee: commonMessages.roleEmployee,
};

/** The person's companies (`data.data`: whom they may act for); fetched only when the session says there are any. */
export function useCompanies(enabled: boolean) {
  return useResource(api.accounts.companies, enabled ? {} : null, { revalidateOnFocus: false });
}
