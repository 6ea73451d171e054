"use client";

import { useEffect, useState } from "react";
import { api } from "@/lib/api-client";
import { HANDLE_CHECK_DEBOUNCE_MS, type HandleAnswer, handleFormatError } from "./handle-check";

/** Asks `api.accounts.slugExists` about `value` once typing pauses (skipped when `skip`). */
export function useHandleCheck(
  value: string,
  skip: boolean,
): { pending: boolean; answer: HandleAnswer | null } {
  const slug = value.trim();
  const [answer, setAnswer] = useState<HandleAnswer | null>(null);
  const [pendingFor, setPendingFor] = useState<string | null>(null);
  const shouldAsk = !skip && slug !== "" && handleFormatError(slug) === null;

  useEffect(() => {
    if (!shouldAsk) {
      setPendingFor(null);
      return;
    }
    setPendingFor(slug);
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      api.accounts
        .slugExists({ body: { slug }, signal: controller.signal })
        .then(({ data }) => setAnswer(data))
        .catch(() => undefined)
        .finally(() => {
          if (!controller.signal.aborted) setPendingFor((current) => (current === slug ? null : current));
        });
    }, HANDLE_CHECK_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [shouldAsk, slug]);

  return { pending: pendingFor === slug, answer };
}
