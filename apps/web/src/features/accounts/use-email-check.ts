"use client";

import type { EmailValidationState } from "@vn/contract";
import { useEffect, useReducer } from "react";
import { api } from "@/lib/api-client";
import { EMAIL_CHECK_DEBOUNCE_MS, emailCheckReducer, initialEmailCheck } from "./email-check";

/** The live email check of the join form: the §4 state of `value`, asked of the server once typing pauses. */
export function useEmailCheck(value: string): EmailValidationState | null {
  const [check, dispatch] = useReducer(emailCheckReducer, initialEmailCheck);

  useEffect(() => {
    dispatch({ type: "typed", value });
  }, [value]);

  const needsServer = check.value === value && check.state === "loading";
  useEffect(() => {
    if (!needsServer) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      api.accounts
        .emailCheck({ body: { email: value }, signal: controller.signal })
        .then(({ data }) => dispatch({ type: "answered", value, state: data.state }))
        .catch(() => {
          // Aborted (typing went on), refused (rate limit) or offline: the server judges on submit.
          if (!controller.signal.aborted) dispatch({ type: "failed", value });
        });
    }, EMAIL_CHECK_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [needsServer, value]);

  return check.value === value ? check.state : null;
}
