"use client";

import { format, type TeamInvite } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { kybMessages } from "@vn/contract/messages/kyb";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Skeleton } from "@/components/ui/Skeleton";
import { OfficerInvitationCard } from "@/features/teams/OfficerInvitationCard";
import { RejectReasonForm } from "@/features/teams/RejectReasonForm";
import { api } from "@/lib/api-client";
import { fieldErrorsOf } from "@/lib/forms";
import { routes } from "@/lib/paths";
import { useSession } from "@/lib/session";
import { InviteFailureAlert } from "./InviteFailureAlert";
import {
  clearKybInvite,
  type KybInvite,
  kybInviteFromQuery,
  kybInvitePath,
  readKybInvite,
  storeKybInvite,
} from "./invite-cookies";
import { type InviteFailure, inviteFailureOf } from "./invite-errors";
import { OfficerConfirmed } from "./OfficerConfirmed";

type Phase =
  | { kind: "reading" }
  | { kind: "invalid" }
  | { kind: "working" }
  | { kind: "failed"; failure: InviteFailure }
  | { kind: "accepted"; invite: TeamInvite }
  | { kind: "rejecting"; invite: TeamInvite }
  | { kind: "rejected"; invite: TeamInvite };

/**
 * /companies/kyb-invite?company=<slug>&status=accept|reject, the director invitation mail's link
 * (spec §4 "Company invitation by cookie"). The answer is kept in the slug-kyb and status-kyb
 * cookies first, so it survives signing in (a visitor is sent to /login and back) and finishing
 * the profile (the access rules send an unfinished one there; the page chrome's
 * KybInviteCookieSync brings the person back). Signed in and active: the invitation is read, then
 * accepted, or its reject form is shown. Both cookies go once it is answered — for a rejection,
 * once its form is on screen — and on any error, whose sentence is shown.
 */
export function KybInviteView() {
  const router = useRouter();
  const search = useSearchParams();
  const { user, isLoading } = useSession();
  const [target, setTarget] = useState<KybInvite | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "reading" });
  const [busy, setBusy] = useState(false);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const started = useRef(false);

  // The link's query wins over older cookies; without one, leftover cookies are the invitation.
  useEffect(() => {
    const fromQuery = kybInviteFromQuery(new URLSearchParams(search.toString()));
    if (fromQuery) storeKybInvite(fromQuery);
    const invite = fromQuery ?? readKybInvite();
    setTarget(invite);
    setPhase(invite ? { kind: "working" } : { kind: "invalid" });
  }, [search]);

  useEffect(() => {
    if (!target || isLoading || user) return;
    router.replace(routes.loginThenBack(kybInvitePath(target)));
  }, [target, isLoading, user, router]);

  const active = user?.status.id === "active";
  useEffect(() => {
    if (!target || !active || started.current) return;
    started.current = true;
    const { slug } = target;
    void (async () => {
      try {
        const { data: invite } = await api.kyb.officerInviteBySlug({ params: { slug } });
        if (target.answer === "accept") {
          const { data: accepted } = await api.kyb.acceptOfficerInviteBySlug({ params: { slug } });
          setPhase({ kind: "accepted", invite: accepted });
        } else {
          setPhase({ kind: "rejecting", invite });
        }
      } catch (error) {
        setPhase({ kind: "failed", failure: inviteFailureOf(error) });
      } finally {
        clearKybInvite();
      }
    })();
  }, [target, active]);

  const reject = async (invite: TeamInvite, reason: string) => {
    setBusy(true);
    setReasonError(undefined);
    try {
      const { data } = await api.kyb.rejectOfficerInviteBySlug({
        params: { slug: invite.company.slug },
        body: { reason },
      });
      setPhase({ kind: "rejected", invite: data });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.reason) setReasonError(fields.reason);
      else setPhase({ kind: "failed", failure: inviteFailureOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-semibold text-ink">{sharedMessages.kybInviteTitle}</h1>
      <section className="rounded-card bg-surface p-5 shadow-card sm:p-6">
        {phase.kind === "reading" || phase.kind === "working" ? (
          <div aria-busy="true" className="flex flex-col gap-3">
            <span className="sr-only">{kybMessages.kybInviteWorking}</span>
            <Skeleton className="h-16 w-2/3" />
            <Skeleton className="h-4 w-full" />
          </div>
        ) : phase.kind === "invalid" ? (
          <Alert>{commonMessages.invitationInvalid}</Alert>
        ) : phase.kind === "failed" ? (
          <InviteFailureAlert failure={phase.failure} />
        ) : phase.kind === "accepted" ? (
          <OfficerConfirmed invite={phase.invite} />
        ) : phase.kind === "rejected" ? (
          <Alert tone="success">
            {format(sharedMessages.kybInviteRejected, { company: phase.invite.company.name })}
          </Alert>
        ) : (
          <>
            <OfficerInvitationCard invite={phase.invite} />
            <RejectReasonForm
              busy={busy}
              error={reasonError}
              onSubmit={(reason) => void reject(phase.invite, reason)}
            />
          </>
        )}
      </section>
    </div>
  );
}
