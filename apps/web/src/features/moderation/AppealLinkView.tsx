"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { moderationMessages } from "@vn/contract/messages/moderation";
import useSWR from "swr";
import { Alert } from "@/components/ui/Alert";
import { Skeleton } from "@/components/ui/Skeleton";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { StrikeItem } from "./StrikeItem";

/**
 * The suspension behind a signed appeal link (the token is the credential; nobody is signed in):
 * what was decided and why, and the one appeal. A wrong or expired link says so.
 */
export function AppealLinkView({ token }: { token: string }) {
  const key = [api.moderation.appealLink.path({ params: { token } })] as const;
  const { data, error, mutate } = useSWR(
    key,
    async () => (await api.moderation.appealLink({ params: { token } })).data,
    {
      shouldRetryOnError: false,
    },
  );
  return (
    <>
      <h1 className="text-2xl font-semibold text-ink">{moderationMessages.appealLinkTitle}</h1>
      <p className="text-ink-muted">{moderationMessages.appealLinkIntro}</p>
      {error ? (
        <Alert>
          {error instanceof ApiError ? error.message : moderationMessages.moderationAppealLinkInvalid}
        </Alert>
      ) : null}
      {!data && !error ? (
        <div className="flex flex-col gap-3 rounded-card bg-surface p-5 shadow-card" aria-busy="true">
          <span className="sr-only">{commonMessages.loading}</span>
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : null}
      {data ? (
        <StrikeItem
          strike={data}
          send={async (body) => (await api.moderation.appealByLink({ params: { token }, body })).data}
          onChanged={(next) => void mutate(next ?? undefined, next ? { revalidate: false } : undefined)}
        />
      ) : null}
    </>
  );
}
