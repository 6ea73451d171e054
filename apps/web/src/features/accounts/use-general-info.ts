"use client";

import { api } from "@/lib/api-client";
import { useResource } from "@/lib/use-resource";

/** The SWR key of the general info; its cached value is the answer, `{data: GeneralInfo}`. */
export const GENERAL_INFO_KEY = api.accounts.generalInfo.path();

/** The signed-in person's profile fields (`api.accounts.generalInfo`); off for visitors. */
export function useGeneralInfo(enabled: boolean) {
  return useResource(api.accounts.generalInfo, enabled ? {} : null, { revalidateOnFocus: false });
}
