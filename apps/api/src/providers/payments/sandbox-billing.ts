import {
  type AddonType,
  addonOfPriceKey,
  addonPrices,
  annualCents,
  type BillingPeriod,
  badgePriceMonthly,
  billingPeriods,
  isBadgePriceKey,
  ownerTypes,
  plans,
  toCents,
} from "@vn/contract";
import type { ItemSpec, ProviderInvoiceLine } from "./types";

/**
 * The sandbox vendor's price book and arithmetic, pure: what one interval of some items costs, how
 * a change in the middle of a period is prorated, and when the next period ends. Prices come from
 * the contract's catalogue by lookup key, as Stripe's prices carry the same keys.
 */

export type Interval = BillingPeriod;

interface Price {
  key: string;
  /** What the invoice line calls it, without the interval. */
  name: string;
  kind: "plan" | "addon" | "badge";
  monthlyCents: number;
  /** Plans carry their own interval; add-ons and the badge take the subscription's. */
  planPeriod: Interval | null;
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const addonNames: Record<AddonType, string> = {
  spy: "Spy add-on",
  stealth: "Stealth add-on",
  seats: "Extra seats",
};

/** The price behind a lookup key; a key we do not sell (enterprise, free, unknown) is our own bug. */
export function priceOf(key: string): Price {
  if (isBadgePriceKey(key)) {
    return {
      key,
      name: "Profile badge",
      kind: "badge",
      monthlyCents: toCents(badgePriceMonthly),
      planPeriod: null,
    };
  }
  const addon = addonOfPriceKey(key);
  if (addon) {
    return {
      key,
      name: addonNames[addon],
      kind: "addon",
      monthlyCents: toCents(addonPrices[addon]),
      planPeriod: null,
    };
  }
  const [owner, tier, period, ...rest] = key.split(".");
  const plan = plans.find((p) => p.owner === owner && p.tier === tier);
  if (
    rest.length === 0 &&
    plan?.monthly &&
    (ownerTypes as readonly string[]).includes(owner ?? "") &&
    (billingPeriods as readonly string[]).includes(period ?? "")
  ) {
    return {
      key,
      name: capitalized(plan.tier),
      kind: "plan",
      monthlyCents: toCents(plan.monthly),
      planPeriod: period as Interval,
    };
  }
  throw new Error(`payments sandbox: no price with the lookup key "${key}"`);
}

/** The interval all items bill on: the plan's (items of one subscription share it). */
export function intervalOf(items: readonly ItemSpec[]): Interval {
  const periods = new Set(items.map((item) => priceOf(item.price).planPeriod).filter((p) => p !== null));
  if (periods.size > 1) throw new Error("payments sandbox: a subscription's plans must share one interval");
  return [...periods][0] ?? "monthly";
}

/** One item for one interval. Add-ons and the badge on an annual plan cost 12 months, undiscounted. */
export function itemCents(item: ItemSpec, interval: Interval): number {
  const price = priceOf(item.price);
  const unit =
    price.kind === "plan"
      ? interval === "annual"
        ? annualCents(price.monthlyCents)
        : price.monthlyCents
      : price.monthlyCents * (interval === "annual" ? 12 : 1);
  return unit * item.quantity;
}

export function itemsCents(items: readonly ItemSpec[], interval: Interval): number {
  return items.reduce((sum, item) => sum + itemCents(item, interval), 0);
}

/** "Premium (monthly)", "3 × Extra seats (annual)". */
export function describeItem(item: ItemSpec, interval: Interval): string {
  const price = priceOf(item.price);
  const count = item.quantity > 1 ? `${item.quantity} × ` : "";
  return `${count}${price.name} (${interval})`;
}

/** The invoice lines of a full period of these items. */
export function periodLines(items: readonly ItemSpec[], interval: Interval): ProviderInvoiceLine[] {
  return items.map((item) => ({
    description: describeItem(item, interval),
    amountCents: itemCents(item, interval),
    price: item.price,
    quantity: item.quantity,
    proration: false,
  }));
}

export interface Proration {
  amountDueCents: number;
  lines: ProviderInvoiceLine[];
  nextPeriodCents: number;
  newInterval: Interval;
  /** monthly ↔ annual: a new period starts now. */
  intervalChange: boolean;
}

/**
 * A change made now (Stripe: proration_behavior always_invoice). Same interval: each changed item's
 * unused time is credited and the new one's remaining time charged, the total being
 * round((new − old) × remaining / period), never below 0 (a cheaper change credits nothing now).
 * A change of interval starts a new period now: the new price less the old period's unused time.
 */
export function prorate(input: {
  oldItems: readonly ItemSpec[];
  oldInterval: Interval;
  newItems: readonly ItemSpec[];
  periodStart: number;
  periodEnd: number;
  now: number;
}): Proration {
  const { oldItems, oldInterval, newItems } = input;
  const newInterval = intervalOf(newItems);
  const nextPeriodCents = itemsCents(newItems, newInterval);
  const length = input.periodEnd - input.periodStart;
  const fraction = length > 0 ? Math.min(1, Math.max(0, (input.periodEnd - input.now) / length)) : 0;
  const unused = (item: ItemSpec): ProviderInvoiceLine => ({
    description: `Unused time on ${describeItem(item, oldInterval)}`,
    amountCents: -Math.round(itemCents(item, oldInterval) * fraction),
    price: item.price,
    quantity: item.quantity,
    proration: true,
  });

  if (newInterval !== oldInterval) {
    const lines = [...oldItems.map(unused), ...periodLines(newItems, newInterval)];
    const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
    return { amountDueCents: Math.max(0, total), lines, nextPeriodCents, newInterval, intervalChange: true };
  }

  const quantities = (items: readonly ItemSpec[]) => {
    const map = new Map<string, number>();
    for (const item of items) map.set(item.price, (map.get(item.price) ?? 0) + item.quantity);
    return map;
  };
  const before = quantities(oldItems);
  const after = quantities(newItems);
  const lines: ProviderInvoiceLine[] = [];
  for (const price of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(price) ?? 0;
    const now = after.get(price) ?? 0;
    if (was === now) continue;
    if (was > 0) lines.push(unused({ price, quantity: was }));
    if (now > 0) {
      const item = { price, quantity: now };
      lines.push({
        description: `Remaining time on ${describeItem(item, newInterval)}`,
        amountCents: Math.round(itemCents(item, newInterval) * fraction),
        price,
        quantity: now,
        proration: true,
      });
    }
  }
  const due = Math.round((itemsCents(newItems, newInterval) - itemsCents(oldItems, oldInterval)) * fraction);
  // Lines are rounded one by one; the last charge absorbs the cent so they add up to what is due.
  const sum = lines.reduce((total, line) => total + line.amountCents, 0);
  const lastCharge = lines.findLast((line) => line.amountCents > 0);
  if (due > 0 && lastCharge && sum !== due) lastCharge.amountCents += due - sum;
  return { amountDueCents: Math.max(0, due), lines, nextPeriodCents, newInterval, intervalChange: false };
}

/**
 * The end of a period starting at `from`: a calendar month or year later, on the anchor's day of
 * the month (the 31st falls back to the month's last day and returns to the 31st), as Stripe's
 * billing cycle anchor does.
 */
export function addInterval(from: number, interval: Interval, anchor: number): number {
  const start = new Date(from);
  const anchorDay = new Date(anchor).getUTCDate();
  const months = interval === "annual" ? 12 : 1;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(anchorDay, lastDay),
    start.getUTCHours(),
    start.getUTCMinutes(),
    start.getUTCSeconds(),
    start.getUTCMilliseconds(),
  );
}

// Cards -------------------------------------------------------------------------------------------

/** The Luhn checksum every real card number passes. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (number.startsWith("4")) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  return "unknown";
}
