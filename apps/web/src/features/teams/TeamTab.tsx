"use client";

import { format } from "@vn/contract";
import { teamsMessages } from "@vn/contract/messages/teams";
import { Alert } from "@/components/ui/Alert";
import { Icon } from "@/components/ui/Icon";
import { actorOf } from "@/lib/actor";
import { api } from "@/lib/api-client";
import { submitErrorMessage } from "@/lib/forms";
import { useSession } from "@/lib/session";
import { useResource } from "@/lib/use-resource";
import { InviteDialog } from "./InviteDialog";
import { MemberRow } from "./MemberRow";
import { MembersSkeleton } from "./MembersSkeleton";
import { PendingInvites } from "./PendingInvites";
import { TeamSettingsCard } from "./TeamSettingsCard";
import { mayEditTeamSettings, mayInvite } from "./team-rules";

/**
 * The people tab of a company page (issue 14): the members, and for owners and managers acting
 * as the company the invitations, the actions on each member and "Edit my details" on their own
 * row; for owners the team's settings. The page offers the tab only
 * with the Employees permission, and the API asks the same again.
 */
export function TeamTab({ slug, company }: { slug: string; company: string }) {
  const { user } = useSession();
  const actor = actorOf(user);
  const inviting = mayInvite(actor);
  const people = useResource(api.teams.people, { params: { slug } });
  const pending = useResource(api.teams.pendingInvites, inviting ? {} : null);
  const members = people.data?.data;
  const refresh = () => {
    void people.mutate();
    void pending.mutate();
  };

  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="team-members" className="rounded-card bg-surface p-5 shadow-card sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="team-members" className="text-lg font-semibold text-ink">
            {teamsMessages.teamTitle}
          </h2>
          {inviting ? <InviteDialog onSent={refresh} /> : null}
        </div>
        {people.error ? (
          <Alert className="mt-4">{submitErrorMessage(people.error) || teamsMessages.teamLoadFailed}</Alert>
        ) : !members ? (
          <div className="mt-4">
            <MembersSkeleton />
          </div>
        ) : members.length === 0 ? (
          <div className="mt-4 text-center">
            <Icon name="people" size={28} className="mx-auto text-brand" />
            <p className="mt-3 text-ink-muted">{teamsMessages.teamEmpty}</p>
          </div>
        ) : (
          <ul
            aria-label={format(teamsMessages.teamMembersLabel, { company })}
            className="mt-2 divide-y divide-line"
          >
            {members.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                actor={actor}
                company={company}
                onChanged={refresh}
              />
            ))}
          </ul>
        )}
      </section>
      {inviting ? (
        <PendingInvites invites={pending.data?.data} loading={pending.isLoading} onChanged={refresh} />
      ) : null}
      {mayEditTeamSettings(actor) ? <TeamSettingsCard company={company} /> : null}
    </div>
  );
}
