/** How publications, banners and lists write dates and times. */
import { formatUtcDate, formatUtcDateTime } from "@vn/contract/messages/en-us";

/** Dates render the same on the server and in the browser (UTC), so hydration never differs. */
export function formatDate(iso: string | null | undefined): string {
  return iso ? formatUtcDate(new Date(iso)) : "";
}
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? `${formatUtcDateTime(new Date(iso))} UTC` : "";
}

/** A date and time in one zone, named ("Mar 3, 2026, 2:00 PM GMT+1"); UTC when the zone is unknown. */
export function formatDateTimeIn(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "";
  try {
    const local = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
    return `${local.format(new Date(iso))} ${zoneName(iso, timeZone)}`;
  } catch {
    return formatDateTime(iso);
  }
}

function zoneName(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(
    new Date(iso),
  );
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}
