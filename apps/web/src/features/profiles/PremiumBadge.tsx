import type { ProfileBadge } from "@vn/contract";
import { profilesMessages } from "@vn/contract/messages/profiles";
import { Icon } from "../../components/ui/Icon";

/**
 * The profile badge (issue 13) beside a name: a star with its accessible name ("Premium member"),
 * shown only while the API says the owner holds it; nothing otherwise.
 */
export function PremiumBadge({ badge, size = 18 }: { badge: ProfileBadge | undefined; size?: number }) {
  if (badge !== "premium") return null;
  return (
    <span className="inline-flex shrink-0 items-center text-warning">
      <Icon name="star" size={size} title={profilesMessages.badgePremium} fill="currentColor" />
    </span>
  );
}
