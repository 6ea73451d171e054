import type { BusinessBadge as BusinessBadgeData } from "@vn/contract";
import { kybMessages } from "@vn/contract/messages/kyb";
import { Icon } from "@/components/ui/Icon";
import { cn } from "@/lib/cn";
import { businessBadgeFacts } from "./business-badge";

/**
 * The transparent business badge (issue 14, item 3): the facts behind "Business verified" — the
 * registration and its country, the verified directors, the registry's last check. `compact` is
 * the search result's smaller line. Nothing for people and companies not verified (null).
 */
export function BusinessBadge({
  business,
  compact = false,
  className,
}: {
  business: BusinessBadgeData;
  compact?: boolean;
  className?: string;
}) {
  if (!business) return null;
  const facts = businessBadgeFacts(business);
  const items = [facts.registration, facts.directors, facts.checked].filter((fact): fact is string =>
    Boolean(fact),
  );
  return (
    <div
      className={cn(
        "flex items-start gap-2",
        compact ? "text-xs text-ink-muted" : "rounded-lg bg-brand-soft px-3 py-2 text-sm text-brand-strong",
        className,
      )}
    >
      <Icon name="shield" size={compact ? 16 : 18} className="mt-px shrink-0 text-brand" />
      <ul aria-label={kybMessages.businessBadgeLabel} className="flex min-w-0 flex-wrap gap-x-1.5 gap-y-0.5">
        {items.map((fact, index) => (
          <li key={fact} className="min-w-0 break-words">
            {index > 0 ? (
              <span aria-hidden="true" className="mr-1.5">
                ·
              </span>
            ) : null}
            {fact}
          </li>
        ))}
      </ul>
    </div>
  );
}
