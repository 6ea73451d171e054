"use client";

import type { GeneralInfo } from "@vn/contract";
import { useResource } from "@/lib/use-resource";

export const GENERAL_INFO_KEY = "/v1/users/me/general-info";

/** The signed-in person's profile fields (GET /users/me/general-info); null key for visitors. */
export function useGeneralInfo(enabled: boolean) {
  return useResource<GeneralInfo>(enabled ? GENERAL_INFO_KEY : null, { revalidateOnFocus: false });
}
