"use client";

import { format, type TeamInvite } from "@vn/contract";
import { sharedMessages } from "@vn/contract/messages/shared";
import { teamsMessages } from "@vn/contract/messages/teams";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Avatar } from "@/components/ui/Avatar";
import { Skeleton } from "@/components/ui/Skeleton";
import { api } from "@/lib/api-client";
import { ConfirmButton } from "./ConfirmButton";

/** The company's invitations still waiting for an answer, each with its photo and Cancel. */
export function PendingInvites({
  invites,
  loading,
  onChanged,
}: {
  invites: TeamInvite[] | undefined;
  loading: boolean;
  onChanged: () => void;
}) {
  const snackbar = useSnackbar();
  return (
    <section aria-labelledby="team-pending" className="rounded-card bg-surface p-5 shadow-card sm:p-6">
      <h2 id="team-pending" className="text-lg font-semibold text-ink">
        {teamsMessages.teamPendingTitle}
      </h2>
      {loading && !invites ? (
        <Skeleton className="mt-3 h-10 w-full" />
      ) : !invites || invites.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{teamsMessages.teamPendingEmpty}</p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-line">
          {invites.map((invite) => (
            <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 items-center gap-3">
                <span aria-hidden="true" className="inline-flex">
                  <Avatar
                    name={invite.name ?? invite.email}
                    src={invite.image?.urls.preview ?? null}
                    size="md"
                  />
                </span>
                <div className="min-w-0">
                  <p className="font-semibold break-all text-ink">{invite.email}</p>
                  <p className="text-sm text-ink-muted">
                    {[invite.name, invite.position?.title, invite.team?.title].filter(Boolean).join(" · ") ||
                      format(teamsMessages.teamInviteExpires, {
                        date: new Date(invite.expiresAt).toLocaleDateString(),
                      })}
                  </p>
                </div>
              </div>
              <ConfirmButton
                label={teamsMessages.teamCancelInvite}
                body={invite.email}
                variant="tertiary"
                confirmVariant="danger"
                onConfirm={async () => {
                  await api.teams.cancelInvite({ params: { id: invite.id } });
                  snackbar.show(sharedMessages.teamInviteCancelled);
                  onChanged();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
