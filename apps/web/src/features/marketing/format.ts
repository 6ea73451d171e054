import { formatDollars } from "@vn/contract/messages/en-us";

/** "$9.99", "$99", "$3,000": cents only when there are any. */
export function formatUsd(amount: number): string {
  return formatDollars(amount, { wholeDollars: Number.isInteger(amount) });
}
