import { format, type TeamInvite } from "@vn/contract";
import { teamsMessages } from "@vn/contract/messages/teams";
import { Avatar } from "@/components/ui/Avatar";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";

/**
 * A director invitation (kind "officer", spec §6 "authorized officers"): the company asks the
 * person to confirm they are one of its directors in its business verification. Not a team seat.
 */
export function OfficerInvitationCard({ invite }: { invite: TeamInvite }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="inline-flex">
          <Avatar
            name={invite.company.name}
            src={invite.company.image?.urls.preview ?? null}
            size="lg"
            shape="square"
          />
        </span>
        <div className="min-w-0">
          <Link
            href={routes.profile(invite.company.slug)}
            className="text-lg font-semibold break-words text-ink hover:underline"
          >
            {invite.company.name}
          </Link>
          <p className="text-sm text-ink-muted">
            {format(teamsMessages.teamInvitedBy, { company: invite.company.name })}
          </p>
        </div>
      </div>
      <p className="text-ink">
        {format(teamsMessages.kybOfficerInviteFrom, { company: invite.company.name })}
      </p>
      <p className="text-sm text-ink-muted">{teamsMessages.kybOfficerInviteHint}</p>
      <p className="text-sm text-ink-muted">
        {format(teamsMessages.teamInviteExpires, { date: new Date(invite.expiresAt).toLocaleDateString() })}
      </p>
    </div>
  );
}
