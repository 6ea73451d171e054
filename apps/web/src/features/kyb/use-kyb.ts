"use client";

import type { CompanyVerifiedEvent, KybTransaction, KybTransactionsUpdatedEvent } from "@vn/contract";
import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import { api } from "@/lib/api-client";
import { SESSION_KEY } from "@/lib/session";
import { useSocketEvent } from "@/lib/use-socket-event";

/** How often a submitted transaction is read again, should the socket's event not come (§9: no reconnection). */
export const KYB_PENDING_POLL_MS = 4000;

/**
 * The SWR key of a company's latest transaction. The path is the same for every company ("me" is
 * whoever the session acts as), so the company's id is part of the key: switching accounts never
 * shows one company's transaction to another.
 */
export function kybLatestKey(companyId: string): readonly [string, string] {
  return [api.kyb.latest.path(), companyId] as const;
}

/**
 * The acting company's latest transaction (null before the first), while `companyId` is known.
 * A submitted one is read again every few seconds besides the socket's events.
 */
export function useKybLatest(companyId: string | null) {
  const result = useSWR(
    companyId ? kybLatestKey(companyId) : null,
    async () => (await api.kyb.latest()).data,
    {
      refreshInterval: (latest) => (latest?.status === "pending" ? KYB_PENDING_POLL_MS : 0),
      revalidateOnFocus: true,
    },
  );
  return { ...result, transaction: result.data ?? null };
}

/**
 * After a call answered with the transaction, the cache takes it at once; without one it is read
 * again. The session follows too: the company's verification status opens its gates and badge.
 */
export function useKybRefresh(companyId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (transaction?: KybTransaction | null) => {
      const key = kybLatestKey(companyId);
      if (transaction !== undefined) await mutate(key, transaction, { revalidate: false });
      else await mutate(key);
    },
    [companyId, mutate],
  );
}

/**
 * Live: the company's sockets hear `kybTransactions.updated` (a director answered, the registry
 * decided) and `company.verified`; the transaction and the session are read again. Both are sent
 * to the room of the company the socket acts as, so whatever arrives is about this one.
 */
export function useKybLive(companyId: string | null) {
  const { mutate } = useSWRConfig();
  const reload = () => {
    if (!companyId) return;
    void mutate(kybLatestKey(companyId));
    void mutate(SESSION_KEY);
  };
  useSocketEvent<KybTransactionsUpdatedEvent>("kybTransactions.updated", companyId !== null, reload);
  useSocketEvent<CompanyVerifiedEvent>("company.verified", companyId !== null, reload);
}
