"use client";

import { formatCount, type Suggestion } from "@vn/contract";
import { sharedMessages } from "@vn/contract/messages/shared";
import { socialMessages } from "@vn/contract/messages/social";
import { Avatar } from "@/components/ui/Avatar";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { FollowButton } from "./FollowButton";

function reasonText(suggestion: Suggestion): string | null {
  const [first] = suggestion.reasons;
  if (first === "sharedFollows")
    return formatCount(suggestion.sharedFollowsCount, {
      one: socialMessages.suggestionSharedFollowsOne,
      other: socialMessages.suggestionSharedFollows,
    });
  if (first === "colleague") return socialMessages.suggestionColleague;
  if (first === "sameCity") return socialMessages.suggestionSameCity;
  if (first === "sameProfession") return socialMessages.suggestionSameProfession;
  return null;
}

/** One profile to follow: avatar, name, profession, why it is suggested, the follow button. */
export function SuggestionCard({
  suggestion,
  disabled,
  onFollowChange,
}: {
  suggestion: Suggestion;
  disabled?: boolean;
  onFollowChange?: () => void;
}) {
  const { profile } = suggestion;
  const reason = reasonText(suggestion);
  return (
    <li className="flex items-center gap-3 py-3">
      <span aria-hidden="true" className="inline-flex shrink-0">
        <Avatar
          name={profile.name}
          src={profile.image?.urls.preview ?? null}
          size="md"
          shape={profile.type === "company" ? "square" : "circle"}
        />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex items-center gap-1 font-semibold text-ink">
          <Link href={`/${encodeURIComponent(profile.slug)}`} className="truncate hover:underline">
            {profile.name}
          </Link>
          {profile.verificationStatus === "verified" ? (
            <Icon
              name="checkCircle"
              size={16}
              className="shrink-0 text-brand"
              title={sharedMessages.verifiedBadge}
            />
          ) : null}
        </p>
        {profile.profession ? (
          <p className="line-clamp-1 text-sm text-ink-muted">{profile.profession}</p>
        ) : null}
        {reason ? <p className="line-clamp-1 text-xs text-ink-muted">{reason}</p> : null}
      </div>
      <FollowButton
        slug={profile.slug}
        name={profile.name}
        initial={{ followed: profile.followed, followersCount: profile.followersCount }}
        disabled={disabled}
        onChange={onFollowChange}
        size="sm"
        className="shrink-0 self-center"
      />
    </li>
  );
}
