"use client";

import { format } from "@vn/contract";
import { adminMessages } from "@vn/contract/messages/admin";
import type { KeyedMutator } from "swr";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { ApiError } from "@/lib/api-error";

/**
 * One decision on a queue item: send it, say so, and take the item off the list. When another
 * staff member decided it meanwhile (one of `decidedMeanwhile`, the API's codes for that), say
 * that instead; either way the list is read again. Any other failure is the form's to show.
 */
export function useQueueDecision<Item extends { id: string }, Answer extends { data: Item[] }>(
  mutate: KeyedMutator<Answer>,
  decidedMeanwhile: readonly string[],
) {
  const snackbar = useSnackbar();
  return async (item: Item, name: string, send: () => Promise<unknown>) => {
    try {
      await send();
      snackbar.show(format(adminMessages.adminDecisionSaved, { name }), { tone: "success" });
    } catch (error) {
      if (!(error instanceof ApiError && decidedMeanwhile.includes(error.code ?? ""))) throw error;
      snackbar.show(adminMessages.adminAlreadyDecided);
    }
    await mutate(
      (answer) => answer && { ...answer, data: answer.data.filter((other) => other.id !== item.id) },
      { revalidate: true },
    );
  };
}
