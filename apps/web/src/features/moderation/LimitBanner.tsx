"use client";

import { format } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { formatDateTime } from "@/features/content/dates";
import { isLimited } from "@/lib/actor";
import { routes } from "@/lib/paths";
import { useSession } from "@/lib/session";

/**
 * Issue 16: while a moderation limit is in force (Session user `limitedUntil`), every page says so
 * under the header, until when, and links to /settings/moderation where the decision and its
 * appeal live. The write controls are hidden by `can()` (the Actor is `limited`).
 */
export function LimitBanner() {
  const { user } = useSession();
  if (!user || !isLimited(user.limitedUntil)) return null;
  return (
    <section
      aria-label={commonMessages.accountLimitedBannerLabel}
      className="border-b border-line bg-warning-soft"
    >
      <div className="mx-auto flex w-full max-w-[1128px] flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 text-sm font-medium text-ink">
          <Icon name="shield" size={20} className="shrink-0" />
          {format(commonMessages.accountLimitedUntil, { date: formatDateTime(user.limitedUntil) })}
        </p>
        <Button asChild size="md" variant="secondary" className="shrink-0 max-sm:self-start">
          <Link href={`${routes.settings}/moderation`}>{commonMessages.accountLimitedBannerAction}</Link>
        </Button>
      </div>
    </section>
  );
}
