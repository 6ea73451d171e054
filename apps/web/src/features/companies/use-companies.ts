"use client";

import { messages } from "@vn/contract";
import { useResource } from "@/lib/use-resource";

/** A company the person may act for (GET /users/me/companies). */
export interface CompanyMembership {
  id: string;
  slug: string;
  name: string;
  role: "owner" | "manager" | "company_employee" | string;
  verificationStatus?: string;
  image: { urls: { preview: string } } | null;
}

export const COMPANIES_KEY = "/v1/users/me/companies";

export const roleLabels: Record<string, string> = {
  owner: messages.roleOwner,
  manager: messages.roleManager,
  company_employee: messages.roleEmployee,
};

/** The person's companies; fetched only when the session says there are any. */
export function useCompanies(enabled: boolean) {
  return useResource<CompanyMembership[]>(enabled ? COMPANIES_KEY : null, { revalidateOnFocus: false });
}
