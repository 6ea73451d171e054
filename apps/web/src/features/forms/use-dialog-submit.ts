"use client";

import { useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useSnackbar } from "@/components/shell/SnackbarProvider";

export interface DialogSubmitOptions<Values extends FieldValues> {
  /** Sends the valid values; a throw is a failed send. */
  send: (values: Values) => Promise<unknown>;
  /** The success snackbar's text. */
  sentText: string;
  /** The sentence for a failed send (each form knows its rate-limit code). */
  failureText: (error: unknown) => string;
  /** Closes the dialog after a successful send. */
  close: () => void;
}

/**
 * Submitting an overlay form: validate, send, then a success snackbar, an emptied form and a
 * closed dialog; or, on failure, the form stays as typed with the failure sentence to show.
 */
export function useDialogSubmit<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  { send, sentText, failureText, close }: DialogSubmitOptions<Values>,
) {
  const snackbar = useSnackbar();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send(values);
      snackbar.show(sentText, { tone: "success" });
      form.reset();
      close();
    } catch (error) {
      setFailure(failureText(error));
    }
  });
  return { submit, failure };
}
