"use client";

import { STRIKES_PATH } from "@vn/contract";
import { moderationMessages } from "@vn/contract/messages/moderation";
import { sharedMessages } from "@vn/contract/messages/shared";
import useSWR from "swr";
import { Link } from "@/components/ui/Link";
import { api } from "@/lib/api-client";
import { useSession } from "@/lib/session";
import { strikesKey } from "./strikes-key";

/**
 * On the page of a publication our moderators removed (blocked), for its owner only: that it was
 * removed, why (the strike's reason and message), and the way to appeal.
 */
export function RemovedNotice({ contentId }: { contentId: string }) {
  const { user } = useSession();
  const { data } = useSWR(
    user ? strikesKey(user.id) : null,
    async () => (await api.moderation.strikes()).data,
  );
  const strike = data?.find(
    (s) => s.subject.type === "content" && s.subject.id === contentId && s.kind === "remove",
  );
  return (
    <section
      aria-labelledby="removed-title"
      className="mt-4 flex flex-col gap-2 rounded-lg border border-danger/40 bg-danger-soft p-4"
      data-testid="removed-notice"
    >
      <h2 id="removed-title" className="font-semibold text-ink">
        {moderationMessages.contentRemovedTitle}
      </h2>
      <p className="text-sm text-ink-muted">{moderationMessages.contentRemovedText}</p>
      {strike ? (
        <dl className="grid gap-1 text-sm">
          <dt className="sr-only">{sharedMessages.strikeReasonLabel}</dt>
          <dd className="font-medium text-ink">{strike.reasonLabel}</dd>
          <dt className="sr-only">{moderationMessages.strikeMessageLabel}</dt>
          <dd className="whitespace-pre-line text-ink">{strike.message}</dd>
        </dl>
      ) : null}
      <Link
        href={STRIKES_PATH}
        className="self-start text-sm font-semibold text-brand underline underline-offset-2"
      >
        {moderationMessages.contentRemovedAppeal}
      </Link>
    </section>
  );
}
