import type { ModerationProfile } from "@vn/contract";
import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import { sharedMessages } from "@vn/contract/messages/shared";
import { Avatar } from "@/components/ui/Avatar";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";
import { followerCount } from "./review-text";

/**
 * A profile as the review screens show it: its face and name (a link to its page when `link`),
 * the verified tick, and with `details` its followers and status.
 */
export function ProfileLine({
  profile,
  link = false,
  details = false,
}: {
  profile: ModerationProfile | null;
  link?: boolean;
  details?: boolean;
}) {
  if (!profile)
    return <span className="text-sm text-ink-muted">{moderationAdminMessages.reviewNoProfile}</span>;
  const name = (
    <span className="inline-flex min-w-0 items-center gap-1 font-semibold text-ink">
      <span className="truncate">{profile.name}</span>
      {profile.verificationStatus === "verified" ? (
        <Icon
          name="checkCircle"
          size={16}
          className="shrink-0 text-brand"
          title={sharedMessages.verifiedBadge}
        />
      ) : null}
    </span>
  );
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <Avatar name={profile.name} src={profile.image?.urls.preview} size="sm" />
      <span className="flex min-w-0 flex-col">
        {link ? (
          <Link href={routes.profile(profile.slug)} className="min-w-0 hover:underline">
            {name}
          </Link>
        ) : (
          name
        )}
        {details ? (
          <span className="text-sm text-ink-muted">
            @{profile.slug} · {followerCount(profile.followers)}
            {profile.status !== "active" ? ` · ${profile.status}` : ""}
          </span>
        ) : null}
      </span>
    </span>
  );
}
