"use client";

import {
  type AddonType,
  type BillingState,
  format,
  formatCount,
  type OwnerType,
  type PlanCardContext,
  type PlansDictionary,
} from "@vn/contract";
import { billingMessages } from "@vn/contract/messages/billing";
import { commonMessages } from "@vn/contract/messages/common";
import { useState } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import type { AddonChange } from "./AddonDialog";
import {
  type AddonOffer,
  addonCall,
  addonLabel,
  addonOffers,
  clampSeats,
  includedMembers,
} from "./addon-rules";
import { BadgeSection } from "./BadgeSection";
import { formatCents, formatDate, labelText, perPeriod } from "./billing-text";
import { SeatsStepper } from "./SeatsStepper";

export const addonNames: Record<AddonType, string> = {
  spy: billingMessages.addonSpy,
  stealth: billingMessages.addonStealth,
  seats: billingMessages.addonSeats,
};

export interface AddonsSectionProps {
  state: BillingState;
  dictionary: PlansDictionary | null;
  ownerType: OwnerType;
  context: PlanCardContext;
  busy: boolean;
  /** Open the confirmation of a change (BillingView shows the dialog). */
  onChange: (change: AddonChange, name: string) => void;
}

function Status({ offer, periodEnd }: { offer: AddonOffer; periodEnd: string | null }) {
  if (offer.held === 0) return null;
  if (offer.ending && periodEnd) {
    return (
      <Badge tone="warning">
        {format(billingMessages.billingAddonEndsOn, { date: formatDate(periodEnd) })}
      </Badge>
    );
  }
  if (offer.next !== null && periodEnd) {
    return (
      <Badge tone="warning">
        {format(billingMessages.billingSeatsFrom, { count: offer.next, date: formatDate(periodEnd) })}
      </Badge>
    );
  }
  return <Badge tone="success">{billingMessages.billingAddonActive}</Badge>;
}

function AddonRow({
  offer,
  state,
  context,
  included,
  busy,
  onChange,
}: {
  offer: AddonOffer;
  state: BillingState;
  context: PlanCardContext;
  included: number | null;
  busy: boolean;
  onChange: AddonsSectionProps["onChange"];
}) {
  const seats = offer.type === "seats";
  const [wanted, setWanted] = useState(seats ? Math.max(offer.held, 1) : 1);
  const name = addonNames[offer.type];
  const text =
    offer.type === "spy"
      ? billingMessages.billingAddonSpyText
      : offer.type === "stealth"
        ? billingMessages.billingAddonStealthText
        : format(billingMessages.billingAddonSeatsText, { count: included ?? 0 });
  const price = format(seats ? billingMessages.billingAddonPricePerSeat : billingMessages.billingAddonPrice, {
    price: formatCents(offer.periodCents),
    per: perPeriod(state.billing.period),
  });
  // Spy and stealth are one each: the button adds the one or removes it. Seats go to the stepper's count.
  const target = offer.ending ? offer.held : seats ? wanted : offer.held > 0 ? 0 : 1;
  const call = addonCall(offer, target);
  const label = addonLabel(offer.type, target, context);
  const buttonText = offer.ending ? billingMessages.billingAddonKeep : labelText(label);
  const open = () => {
    if (call)
      onChange(
        { item: offer.type, call, held: offer.held, wanted: target, periodCents: offer.periodCents },
        name,
      );
  };

  return (
    <li
      className="flex flex-col gap-3 border-b border-line py-4 first:pt-0 last:border-b-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
      data-testid={`addon-${offer.type}`}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h4 className="text-[0.95rem] font-semibold text-ink">
            {seats && offer.held > 0
              ? formatCount(offer.held, {
                  one: billingMessages.billingAddonSeatsOne,
                  other: billingMessages.billingAddonSeats,
                })
              : name}
          </h4>
          <Status offer={offer} periodEnd={state.billing.currentPeriodEnd} />
        </div>
        <p className="text-sm text-ink">{text}</p>
        <p className="text-sm text-ink-muted">{price}</p>
        {offer.type === "spy" && offer.held > 0 ? (
          <Link
            href="/settings/viewers"
            className="self-start text-sm font-semibold text-brand underline-offset-2 hover:underline"
          >
            {billingMessages.billingViewersLink}
          </Link>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {seats && !offer.ending ? (
          <SeatsStepper
            value={wanted}
            min={offer.held > 0 ? 0 : 1}
            onChange={(value) => setWanted(clampSeats(value))}
          />
        ) : null}
        <Button
          variant={label === "upgradeAddon" && !offer.ending ? "primary" : "secondary"}
          disabled={busy || call === null}
          aria-label={`${buttonText}: ${name}`}
          onClick={open}
        >
          {buttonText}
        </Button>
      </div>
    </li>
  );
}

/** Add-ons (spy, stealth, and seats for companies) and the profile badge: what each does and costs, bought here. */
export function AddonsSection({ state, dictionary, ownerType, context, busy, onChange }: AddonsSectionProps) {
  if (!dictionary) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">{commonMessages.loading}</span>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  const paid = state.current.plan.slug !== "basic";
  const offers = addonOffers(state, dictionary, ownerType);
  const included = ownerType === "company" ? includedMembers(dictionary, state) : null;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h3 className="text-[0.95rem] font-semibold text-ink">{billingMessages.billingAddonsTitle}</h3>
        {paid ? (
          <ul className="mt-3 flex flex-col">
            {offers.map((offer) => (
              <AddonRow
                // A new quantity held starts the stepper again from it.
                key={`${offer.type}-${offer.held}-${offer.ending}-${offer.next}`}
                offer={offer}
                state={state}
                context={context}
                included={included}
                busy={busy}
                onChange={onChange}
              />
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-ink-muted" data-testid="addons-paid-only">
            {billingMessages.paymentsPaidPlanRequired}
          </p>
        )}
      </div>
      <BadgeSection
        state={state}
        dictionary={dictionary}
        ownerType={ownerType}
        busy={busy}
        onChange={onChange}
      />
    </div>
  );
}
