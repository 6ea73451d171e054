"use client";

import { type BillingState, compareTiers, format, type OwnerType, type PlansDictionary } from "@vn/contract";
import { billingMessages } from "@vn/contract/messages/billing";
import { commonMessages } from "@vn/contract/messages/common";
import { useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Checkbox } from "@/components/ui/Checkbox";
import { Icon } from "@/components/ui/Icon";
import { api } from "@/lib/api-client";
import { submitErrorMessage } from "@/lib/forms";
import type { AddonChange } from "./AddonDialog";
import { periodPrice } from "./addon-rules";
import { formatCents, formatDate, labelText, perPeriod } from "./billing-text";
import { useRefreshBilling } from "./use-billing";

export interface BadgeSectionProps {
  state: BillingState;
  dictionary: PlansDictionary;
  ownerType: OwnerType;
  busy: boolean;
  onChange: (change: AddonChange, name: string) => void;
}

/**
 * The profile badge (a star beside the name, Premium and above): bought, removed or kept like an
 * add-on, shown or hidden on the profile, and offered to those who may buy it until they dismiss
 * the offer (the dismissal is kept by the API; here it hides the offer for the visit).
 */
export function BadgeSection({ state, dictionary, ownerType, busy, onChange }: BadgeSectionProps) {
  const snackbar = useSnackbar();
  const refresh = useRefreshBilling();
  const [saving, setSaving] = useState(false);
  const [offerDismissed, setOfferDismissed] = useState(false);
  const badge = state.billing.badge;
  const ownerPath = ownerType === "company" ? "companies" : "users";
  const allowed = compareTiers(state.current.plan.slug, dictionary.badge.fromTier) >= 0;
  const periodCents = periodPrice(dictionary.badge.monthlyCents, state.billing.period);
  const name = billingMessages.billingBadgeName;
  const periodEnd = state.billing.currentPeriodEnd;

  async function setVisible(visible: boolean) {
    setSaving(true);
    try {
      const { data } = await api.billing.badgeVisibility({
        params: { ownerType: ownerPath },
        body: { visible },
      });
      await refresh(data);
    } catch (failure) {
      snackbar.show(submitErrorMessage(failure), { tone: "error" });
    } finally {
      setSaving(false);
    }
  }

  function dismissOffer() {
    setOfferDismissed(true);
    void api.billing.badgeReminder({ params: { ownerType: ownerPath } }).catch(() => {
      // The offer stays hidden for this visit; it may come back on the next one.
    });
  }

  const open = (call: "add" | "remove" | "renew") =>
    onChange(
      { item: "badge", call, held: badge.active ? 1 : 0, wanted: call === "remove" ? 0 : 1, periodCents },
      name,
    );
  const buttonText = !badge.active
    ? labelText("upgradeAddon")
    : badge.cancelAtPeriodEnd
      ? billingMessages.billingAddonKeep
      : labelText("downgradeAddon");

  return (
    <div data-testid="badge-section" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-[0.95rem] font-semibold text-ink">{billingMessages.billingBadgeTitle}</h3>
        {badge.active ? (
          badge.cancelAtPeriodEnd && periodEnd ? (
            <Badge tone="warning">
              {format(billingMessages.billingAddonEndsOn, { date: formatDate(periodEnd) })}
            </Badge>
          ) : (
            <Badge tone="success">{billingMessages.billingAddonActive}</Badge>
          )
        ) : null}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="flex items-center gap-1.5 text-sm text-ink">
            <Icon name="star" size={16} fill="currentColor" className="shrink-0 text-brand" />
            {billingMessages.billingBadgeText}
          </p>
          <p className="text-sm text-ink-muted">
            {allowed || badge.active
              ? format(billingMessages.billingAddonPrice, {
                  price: formatCents(periodCents),
                  per: perPeriod(state.billing.period),
                })
              : billingMessages.paymentsBadgeNeedsPremium}
          </p>
        </div>
        {allowed || badge.active ? (
          <Button
            className="shrink-0 self-start"
            variant={badge.active ? "secondary" : "primary"}
            disabled={busy}
            aria-label={`${buttonText}: ${billingMessages.billingBadgeTitle}`}
            onClick={() => open(!badge.active ? "add" : badge.cancelAtPeriodEnd ? "renew" : "remove")}
          >
            {buttonText}
          </Button>
        ) : null}
      </div>
      {badge.active ? (
        <Checkbox
          role="switch"
          label={billingMessages.billingBadgeShow}
          checked={badge.visible}
          disabled={saving}
          onChange={(event) => void setVisible(event.target.checked)}
        />
      ) : null}
      {allowed && !badge.active && !offerDismissed ? (
        <div
          className="flex flex-col gap-3 rounded-lg bg-brand-soft p-4 sm:flex-row sm:items-center sm:justify-between"
          data-testid="badge-offer"
        >
          <p className="text-sm font-medium text-brand-strong">
            {format(billingMessages.billingBadgeOffer, { price: formatCents(dictionary.badge.monthlyCents) })}
          </p>
          <Button variant="tertiary" onClick={dismissOffer} className="shrink-0">
            {commonMessages.dismiss}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
