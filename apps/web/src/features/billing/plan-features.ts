import { entitlement, type Feature, type OwnerType, type PlanTier } from "@vn/contract";
import { formatDecimal } from "@vn/contract/messages/en-us";

/** What each plan card says about a plan, straight from the contract's entitlements table. */

export const taglines: Record<OwnerType, Partial<Record<PlanTier, string>>> = {
  user: {
    basic: "A verified profile, following and posting.",
    standard: "Messaging, scheduling and video for active members.",
    premium: "Analytics, priority search and a memorable handle.",
    creator: "Everything in Premium, plus monetization.",
  },
  company: {
    basic: "A verified company page for small teams.",
    standard: "Messaging, scheduling and media for growing teams.",
    premium: "Analytics, priority ranking and a large team.",
    enterprise: "Custom seats, onboarding and support.",
  },
};

/** The switches worth listing on a plan card, in the order they are listed. */
const listed: { feature: Feature; label: string }[] = [
  { feature: "messenger.use", label: "Direct messaging" },
  { feature: "content.schedule", label: "Scheduled publishing" },
  { feature: "content.createVideo", label: "Video and podcast publishing" },
  { feature: "analytics.view", label: "Profile and content analytics" },
  { feature: "search.priorityRanking", label: "Priority search ranking" },
  { feature: "badges.use", label: "Profile badges" },
  { feature: "monetization.use", label: "Monetization" },
];

export function planFeatureList(owner: OwnerType, tier: PlanTier): string[] {
  const out: string[] = [];
  const limit = entitlement(owner, tier, "post.characterLimit");
  if (typeof limit === "number") out.push(`Posts up to ${formatDecimal(limit)} characters`);
  if (owner === "company") {
    const seats = entitlement(owner, tier, "team.membersIncluded");
    if (typeof seats === "number") {
      out.push(
        Number.isFinite(seats) ? `${formatDecimal(seats)} team members included` : "Unlimited team members",
      );
    }
  }
  for (const item of listed) {
    if (entitlement(owner, tier, item.feature) === true) out.push(item.label);
  }
  return out;
}
