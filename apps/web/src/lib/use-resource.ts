"use client";

import type { EndpointDefinition, ResponseOf } from "@vn/contract";
import { useEffect } from "react";
import useSWR, { type SWRConfiguration } from "swr";
import type { ApiCall, CallInput } from "./api-client";

/**
 * useSWR for one call of the typed client (a GET row): the key is the call's path (parameters and
 * query filled in, e.g. "/v1/users/me/companies"), so `mutate(api.x.y.path(input))` reaches it; the
 * data is the parsed answer. `input` null turns it off.
 *
 * Plus one guard: when the cache was cleared (sign-out clears every key) within the dedupe window
 * of the last request for the key, SWR keeps neither data nor a request in flight, and a screen
 * would wait forever. Then the key is asked again.
 */
export function useResource<E extends EndpointDefinition>(
  call: ApiCall<E>,
  input: CallInput<E> | null,
  config?: SWRConfiguration<ResponseOf<E>>,
) {
  const key = input === null ? null : call.path(...([input] as Parameters<ApiCall<E>["path"]>));
  const result = useSWR<ResponseOf<E>>(
    key,
    () => call(...([input ?? undefined] as Parameters<ApiCall<E>>)),
    config,
  );
  const { data, error, isValidating, mutate } = result;
  useEffect(() => {
    if (key && data === undefined && error === undefined && !isValidating) void mutate();
  }, [key, data, error, isValidating, mutate]);
  return result;
}
