"use client";

import { format, type TeamInvite } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { teamsMessages } from "@vn/contract/messages/teams";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useSWRConfig } from "swr";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Avatar } from "@/components/ui/Avatar";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import { InviteFailureAlert } from "@/features/kyb/InviteFailureAlert";
import { type InviteFailure, inviteFailureOf } from "@/features/kyb/invite-errors";
import { OfficerConfirmed } from "@/features/kyb/OfficerConfirmed";
import { api } from "@/lib/api-client";
import { fieldErrorsOf } from "@/lib/forms";
import { routes } from "@/lib/paths";
import { SESSION_KEY, useSession } from "@/lib/session";
import { useResource } from "@/lib/use-resource";
import { OfficerInvitationCard } from "./OfficerInvitationCard";
import { RejectReasonForm } from "./RejectReasonForm";

function InvitationCard({ invite }: { invite: TeamInvite }) {
  const intro = invite.position
    ? format(teamsMessages.teamInviteFrom, { company: invite.company.name, position: invite.position.title })
    : format(teamsMessages.teamInviteNoPosition, { company: invite.company.name });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="inline-flex">
          <Avatar name={invite.company.name} src={invite.company.image?.urls.preview ?? null} size="lg" />
        </span>
        <div className="min-w-0">
          <Link
            href={routes.profile(invite.company.slug)}
            className="text-lg font-semibold text-ink hover:underline"
          >
            {invite.company.name}
          </Link>
          <p className="text-sm text-ink-muted">
            {format(teamsMessages.teamInvitedBy, { company: invite.company.name })}
          </p>
        </div>
      </div>
      <p className="text-ink">{intro}</p>
      {invite.team || invite.caption ? (
        <dl className="grid gap-2 text-sm">
          {invite.team ? (
            <div>
              <dt className="font-semibold text-ink">{teamsMessages.teamInviteTeamLabel}</dt>
              <dd className="text-ink-muted">{invite.team.title}</dd>
            </div>
          ) : null}
          {invite.caption ? (
            <div>
              <dt className="font-semibold text-ink">{teamsMessages.teamInviteCaptionLabel}</dt>
              <dd className="whitespace-pre-line text-ink-muted">{invite.caption}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <p className="text-sm text-ink-muted">
        {format(teamsMessages.teamInviteExpires, { date: new Date(invite.expiresAt).toLocaleDateString() })}
      </p>
    </div>
  );
}

/**
 * /companies/invites/{id}: the invitee's answer (issue 14, §4 company invite accept or reject).
 * Signed-in only: a visitor goes to /login and comes back here. The API's 409 (§8 "no longer
 * available"), 403 (another email) and 404 are shown as the server words them. A team invitation
 * makes the person a member (the switcher offers the company); a director invitation (kind
 * "officer") only confirms them as a director in the company's business verification, and needs
 * them verified first (403 user_notVerified: the way to verification is offered).
 */
export function InvitationView({ id }: { id: string }) {
  const { user, isLoading } = useSession();
  const router = useRouter();
  const pathname = usePathname();
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const invite = useResource(api.teams.myInvite, user ? { params: { id } } : null, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const [rejecting, setRejecting] = useState(false);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState<InviteFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [rejected, setRejected] = useState(false);
  const [confirmed, setConfirmed] = useState(false);

  useEffect(() => {
    if (!isLoading && !user) router.replace(routes.loginThenBack(pathname));
  }, [isLoading, user, router, pathname]);

  const data = invite.data?.data;
  const officer = data?.kind === "officer";

  const accept = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { data: answered } = await api.teams.acceptInvite({ params: { id } });
      if (answered.kind === "officer") {
        setConfirmed(true);
        setBusy(false);
        return;
      }
      snackbar.show(format(teamsMessages.teamInviteAccepted, { company: answered.company.name }), {
        tone: "success",
      });
      // The switcher now offers the company: the session and the companies list are asked again
      // (and the getting-started checklist, whose "accept" item this ticks).
      await Promise.all([
        mutate(SESSION_KEY),
        mutate(api.accounts.companies.path()),
        mutate(api.onboarding.checklist.path()),
      ]);
      router.push(routes.profile(answered.company.slug));
    } catch (error) {
      setFailure(inviteFailureOf(error));
      setBusy(false);
    }
  };

  const reject = async (reason: string) => {
    setFailure(null);
    setReasonError(undefined);
    setBusy(true);
    try {
      await api.teams.rejectInvite({ params: { id }, body: { reason } });
      setRejected(true);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.reason) setReasonError(fields.reason);
      else setFailure(inviteFailureOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-semibold text-ink">
        {officer ? sharedMessages.kybInviteTitle : teamsMessages.teamInvitePageTitle}
      </h1>
      <section className="rounded-card bg-surface p-5 shadow-card sm:p-6">
        {invite.error ? (
          <InviteFailureAlert failure={inviteFailureOf(invite.error)} />
        ) : !data ? (
          <div aria-busy="true" className="flex flex-col gap-3">
            <span className="sr-only">{commonMessages.loading}</span>
            <Skeleton className="h-16 w-2/3" />
            <Skeleton className="h-4 w-full" />
          </div>
        ) : rejected ? (
          <Alert tone="success">
            {officer
              ? format(sharedMessages.kybInviteRejected, { company: data.company.name })
              : teamsMessages.teamInviteRejected}
          </Alert>
        ) : confirmed ? (
          <OfficerConfirmed invite={data} />
        ) : (
          <>
            {officer ? <OfficerInvitationCard invite={data} /> : <InvitationCard invite={data} />}
            {failure ? <InviteFailureAlert failure={failure} className="mt-4" /> : null}
            {rejecting ? (
              <RejectReasonForm
                busy={busy}
                error={reasonError}
                onSubmit={(reason) => void reject(reason)}
                onCancel={() => setRejecting(false)}
              />
            ) : (
              <div className="mt-5 flex flex-col gap-2 sm:flex-row">
                <Button onClick={() => void accept()} disabled={busy} aria-busy={busy}>
                  {officer ? teamsMessages.mailKybDirectorAccept : teamsMessages.teamInviteAccept}
                </Button>
                <Button variant="secondary" onClick={() => setRejecting(true)} disabled={busy}>
                  {officer ? teamsMessages.mailKybDirectorReject : teamsMessages.teamInviteReject}
                </Button>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
