"use client";

import { useEffect } from "react";
import useSWR, { type SWRConfiguration } from "swr";

/**
 * useSWR for an API path, plus one guard: when the cache was cleared (sign-out clears every key)
 * within the dedupe window of the last request for the key, SWR keeps neither data nor a request
 * in flight, and a screen would wait forever. Then the key is asked again.
 */
export function useResource<T>(key: string | null, config?: SWRConfiguration<T>) {
  const result = useSWR<T>(key, config);
  const { data, error, isValidating, mutate } = result;
  useEffect(() => {
    if (key && data === undefined && error === undefined && !isValidating) void mutate();
  }, [key, data, error, isValidating, mutate]);
  return result;
}
