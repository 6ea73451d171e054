import { CURRENCY } from "@vn/contract";

const whole = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: CURRENCY,
  maximumFractionDigits: 0,
});
const cents = new Intl.NumberFormat("en-US", { style: "currency", currency: CURRENCY });

/** "$9.99", "$99", "$3,000": cents only when there are any. */
export function formatUsd(amount: number): string {
  return Number.isInteger(amount) ? whole.format(amount) : cents.format(amount);
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat("en-US").format(value);
}
