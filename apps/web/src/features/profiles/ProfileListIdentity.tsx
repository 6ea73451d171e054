import type { ProfileCard } from "@vn/contract";
import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/Avatar";
import { Link } from "@/components/ui/Link";
import { PremiumBadge } from "./PremiumBadge";

type Face = Pick<ProfileCard, "name" | "slug" | "image" | "type" | "badge" | "profession">;

/**
 * A profile in a list row (followers, who viewed you): the picture (companies square), the name
 * linking to the page with its Premium badge, the profession, and whatever the list adds below.
 * The picture is decorative: the name says who it is.
 */
export function ProfileListIdentity({ profile, children }: { profile: Face; children?: ReactNode }) {
  return (
    <>
      <span aria-hidden="true" className="inline-flex shrink-0">
        <Avatar
          name={profile.name}
          src={profile.image?.urls.preview ?? null}
          size="md"
          shape={profile.type === "company" ? "square" : "circle"}
        />
      </span>
      <div className="min-w-0 flex-1">
        <span className="flex min-w-0 items-center gap-1.5">
          <Link
            href={`/${encodeURIComponent(profile.slug)}`}
            className="block truncate font-semibold text-ink hover:underline"
          >
            {profile.name}
          </Link>
          <PremiumBadge badge={profile.badge} size={16} />
        </span>
        {profile.profession ? <p className="truncate text-sm text-ink-muted">{profile.profession}</p> : null}
        {children}
      </div>
    </>
  );
}
