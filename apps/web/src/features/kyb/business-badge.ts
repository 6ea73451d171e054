/**
 * The transparent business badge (issue 14, item 3): what a verified company's KYB established,
 * in words, on its page and on its search results: where it is registered, how many verified
 * directors vouch for it and when the registry last confirmed it.
 */
import { type BusinessBadge, format, formatCount, type KybTransaction } from "@vn/contract";
import { kybMessages } from "@vn/contract/messages/kyb";
import { countryName } from "../../lib/countries";
import { dayLabel } from "./day-label";

export interface BusinessBadgeFacts {
  registration: string;
  directors: string;
  checked: string | null;
}

export function businessBadgeFacts(badge: NonNullable<BusinessBadge>): BusinessBadgeFacts {
  const checked = dayLabel(badge.checkedAt);
  return {
    registration: format(kybMessages.businessBadgeRegistration, {
      number: badge.registrationNumber,
      country: countryName(badge.country) ?? badge.country,
    }),
    directors: formatCount(badge.verifiedDirectors, {
      one: kybMessages.businessBadgeDirector,
      other: kybMessages.businessBadgeDirectors,
    }),
    checked: checked ? format(kybMessages.businessBadgeChecked, { date: checked }) : null,
  };
}

/**
 * The badge an accepted transaction stands for (the verified view shows it before the owner opens
 * the page): its registration, its confirmed verified directors and the decision's day.
 */
export function badgeOfTransaction(transaction: KybTransaction | null): NonNullable<BusinessBadge> | null {
  if (transaction?.status !== "accepted") return null;
  const { registrationNumber, country } = transaction.details;
  if (!registrationNumber || !country) return null;
  return {
    registrationNumber,
    country,
    verifiedDirectors: transaction.directors.filter((d) => d.status === "accepted" && d.verified).length,
    checkedAt: transaction.decidedAt ?? transaction.submittedAt ?? transaction.createdAt,
  };
}
