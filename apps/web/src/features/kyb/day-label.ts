import { formatUtcDate } from "@vn/contract/messages/en-us";

/** "Jun 3, 2026" (UTC, so the server's render and the browser's agree); null without a valid date. */
export function dayLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : formatUtcDate(date);
}
