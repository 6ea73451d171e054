"use client";

import { type Actor, format, type TeamMember } from "@vn/contract";
import { teamsMessages } from "@vn/contract/messages/teams";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Avatar } from "@/components/ui/Avatar";
import { Badge } from "@/components/ui/Badge";
import { Link } from "@/components/ui/Link";
import { roleLabels } from "@/features/companies/use-companies";
import { api } from "@/lib/api-client";
import { routes } from "@/lib/paths";
import { ConfirmButton } from "./ConfirmButton";
import { MyDetailsDialog } from "./MyDetailsDialog";
import { PlacementDialog } from "./PlacementDialog";
import { hasAnyAction, memberActions } from "./team-rules";

/** One member of the people tab: who they are for the company, and what the viewer may change. */
export function MemberRow({
  member,
  actor,
  company,
  onChanged,
}: {
  member: TeamMember;
  actor: Actor | null;
  company: string;
  onChanged: () => void;
}) {
  const snackbar = useSnackbar();
  const actions = memberActions(actor, member);
  const values = { name: member.name, company };
  const run = (call: () => Promise<unknown>, done: string) => async () => {
    await call();
    snackbar.show(done, { tone: "success" });
    onChanged();
  };
  const facts = [member.position?.title, member.team?.title].filter(Boolean).join(" · ");
  return (
    // Actions sit under the member, lined up with the name: up to five buttons would otherwise
    // squeeze the name, position and caption into a narrow column.
    <li className="flex flex-col gap-3 py-4">
      <div className="flex min-w-0 items-start gap-3">
        <span aria-hidden="true" className="inline-flex">
          <Avatar name={member.name} src={member.image?.urls.preview ?? null} size="lg" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
            {member.name}
            <Badge>{roleLabels[member.role]}</Badge>
            {actor?.userId === member.userId ? <Badge tone="brand">{teamsMessages.teamYou}</Badge> : null}
          </p>
          {facts ? <p className="text-sm text-ink-muted">{facts}</p> : null}
          {member.caption ? (
            <p className="mt-1 text-sm whitespace-pre-line text-ink">{member.caption}</p>
          ) : null}
          {/* The API sends the handle only where the member chose displayPersonalProfile. */}
          {member.slug && member.displayPersonalProfile ? (
            <Link
              href={routes.profile(member.slug)}
              aria-label={`${teamsMessages.teamPersonalProfile}: ${member.name}`}
              className="mt-1 inline-flex min-h-10 items-center text-sm font-semibold text-brand hover:underline"
            >
              {teamsMessages.teamPersonalProfile}
            </Link>
          ) : null}
        </div>
      </div>
      {hasAnyAction(actions) ? (
        <fieldset className="flex flex-wrap gap-2 sm:pl-19">
          <legend className="sr-only">{format(teamsMessages.teamMemberActions, values)}</legend>
          {actions.editOwn ? <MyDetailsDialog company={company} onSaved={onChanged} /> : null}
          {actions.place ? <PlacementDialog member={member} company={company} onSaved={onChanged} /> : null}
          {actions.makeManager ? (
            <ConfirmButton
              label={teamsMessages.teamMakeManager}
              body={format(teamsMessages.teamConfirmMakeManager, values)}
              onConfirm={run(
                () =>
                  api.teams.updateMember({ params: { userId: member.userId }, body: { role: "manager" } }),
                teamsMessages.teamRoleChanged,
              )}
            />
          ) : null}
          {actions.makeEmployee ? (
            <ConfirmButton
              label={teamsMessages.teamMakeEmployee}
              body={format(teamsMessages.teamConfirmMakeEmployee, values)}
              onConfirm={run(
                () =>
                  api.teams.updateMember({
                    params: { userId: member.userId },
                    body: { role: "company_employee" },
                  }),
                teamsMessages.teamRoleChanged,
              )}
            />
          ) : null}
          {actions.transfer ? (
            <ConfirmButton
              label={teamsMessages.teamTransfer}
              body={format(teamsMessages.teamConfirmTransfer, values)}
              onConfirm={run(
                () => api.teams.transferOwnership({ body: { userId: member.userId } }),
                teamsMessages.teamOwnershipTransferred,
              )}
            />
          ) : null}
          {actions.remove ? (
            <ConfirmButton
              label={teamsMessages.teamRemove}
              body={format(teamsMessages.teamConfirmRemove, values)}
              variant="tertiary"
              confirmVariant="danger"
              onConfirm={run(
                () => api.teams.removeMember({ params: { userId: member.userId } }),
                teamsMessages.teamMemberRemoved,
              )}
            />
          ) : null}
        </fieldset>
      ) : null}
    </li>
  );
}
