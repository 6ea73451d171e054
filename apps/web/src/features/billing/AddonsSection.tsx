import { type BillingState, format, messages } from "@vn/contract";
import { Badge } from "@/components/ui/Badge";
import { formatCents } from "./billing-text";

const addonNames = {
  spy: messages.addonSpy,
  stealth: messages.addonStealth,
  seats: messages.addonSeats,
} as const;

export interface AddonsSectionProps {
  billing: BillingState["billing"];
  /** The badge's monthly price in cents (null while the dictionary loads). */
  badgeCents: number | null;
  /** The badge may be bought on this plan (premium and above). */
  badgeOffered: boolean;
}

/** Add-ons and the profile badge as they stand (bought elsewhere; read-only here for now). */
export function AddonsSection({ billing, badgeCents, badgeOffered }: AddonsSectionProps) {
  const badge = billing.badge;
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h3 className="text-[0.95rem] font-semibold text-ink">{messages.billingAddonsTitle}</h3>
        {billing.addons.length === 0 ? (
          <p className="mt-1 text-sm text-ink-muted">{messages.billingAddonsEmpty}</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {billing.addons.map((addon) => (
              <li key={addon.type} className="flex flex-wrap items-center gap-2 text-[0.95rem] text-ink">
                <span className="font-medium">
                  {addon.type === "seats"
                    ? format(messages.billingAddonSeats, { count: addon.quantity })
                    : addonNames[addon.type]}
                </span>
                {addon.cancelAtPeriodEnd ? <Badge tone="warning">{messages.billingAddonEnds}</Badge> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="text-[0.95rem] font-semibold text-ink">{messages.billingBadgeTitle}</h3>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          {badge.active
            ? badge.visible
              ? messages.billingBadgeActive
              : messages.billingBadgeHidden
            : format(badgeOffered ? messages.billingBadgeAvailable : messages.billingBadgeNone, {
                price: badgeCents === null ? "" : formatCents(badgeCents),
              })}
          {badge.active && badge.cancelAtPeriodEnd ? (
            <Badge tone="warning">{messages.billingAddonEnds}</Badge>
          ) : null}
        </p>
      </div>
    </div>
  );
}
