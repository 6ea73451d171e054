"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { moderationMessages } from "@vn/contract/messages/moderation";
import { sharedMessages } from "@vn/contract/messages/shared";
import useSWR from "swr";
import { Skeleton } from "@/components/ui/Skeleton";
import { NextPageFailed } from "@/features/content/NextPageFailed";
import { api } from "@/lib/api-client";
import { useSession } from "@/lib/session";
import { StrikeItem } from "./StrikeItem";
import { strikesKey } from "./strikes-key";

/**
 * /settings/moderation: what our moderators decided about the person or what they shared, why,
 * and the one appeal each decision allows (linked from the notification and the mail).
 */
export function StrikesView() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { data, error, mutate, isLoading } = useSWR(
    userId ? strikesKey(userId) : null,
    async () => (await api.moderation.strikes()).data,
  );
  return (
    <div className="mx-auto flex w-full max-w-[680px] flex-col gap-4 px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-semibold text-ink">{sharedMessages.strikesTitle}</h1>
      <p className="text-ink-muted">{moderationMessages.strikesIntro}</p>
      {isLoading || (!data && !error) ? (
        <div className="flex flex-col gap-3 rounded-card bg-surface p-5 shadow-card" aria-busy="true">
          <span className="sr-only">{commonMessages.loading}</span>
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : null}
      {error ? <NextPageFailed onRetry={() => void mutate()} frame="py-6" /> : null}
      {data && data.length === 0 ? (
        <p className="rounded-card bg-surface p-6 text-center text-ink-muted shadow-card">
          {moderationMessages.strikesEmpty}
        </p>
      ) : null}
      {data?.map((strike) => (
        <StrikeItem
          key={strike.id}
          strike={strike}
          send={async (body) => (await api.moderation.appealStrike({ params: { id: strike.id }, body })).data}
          onChanged={(next) =>
            void mutate(
              next ? data.map((s) => (s.id === next.id ? next : s)) : undefined,
              next ? { revalidate: false } : undefined,
            )
          }
        />
      ))}
    </div>
  );
}
