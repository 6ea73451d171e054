import type { LeadKind, LeadStatus } from "@vn/contract";
import { backofficeMessages } from "@vn/contract/messages/backoffice";

export const leadKindLabels: Record<LeadKind, string> = {
  enterprise: backofficeMessages.leadKindEnterpriseLabel,
  ad_consultation: backofficeMessages.leadKindAdConsultationLabel,
};

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: backofficeMessages.leadStatusNew,
  contacted: backofficeMessages.leadStatusContacted,
  qualified: backofficeMessages.leadStatusQualified,
  won: backofficeMessages.leadStatusWon,
  lost: backofficeMessages.leadStatusLost,
};

/** Colours of chart series, in order: distinct on white and for the common colour-vision types. */
export const seriesColours = [
  "#0a66c2",
  "#e16745",
  "#2e8540",
  "#915907",
  "#7a3ea1",
  "#56687a",
  "#c37d16",
  "#00838f",
];

const dateTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** A moment as staff read it, in UTC (the dashboard's days are UTC days too). */
export function formatMoment(iso: string): string {
  return `${dateTime.format(new Date(iso))} UTC`;
}

/** "2024-05-03" → "3 May". */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** "intellectual_property" → "Intellectual property". */
export function humanize(value: string): string {
  const text = value.replace(/[_.-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
