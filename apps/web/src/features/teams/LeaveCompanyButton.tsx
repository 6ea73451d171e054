"use client";

import { format } from "@vn/contract";
import { teamsMessages } from "@vn/contract/messages/teams";
import { useRouter } from "next/navigation";
import { useSWRConfig } from "swr";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { actorOf } from "@/lib/actor";
import { api } from "@/lib/api-client";
import { routes } from "@/lib/paths";
import { personOf, SESSION_KEY, useSession } from "@/lib/session";
import { ConfirmButton } from "./ConfirmButton";
import { mayLeave } from "./team-rules";

/**
 * "Leave company" for a member acting as it (not the owner). The API turns the session back to
 * the person, so the session is fetched again and the page moves to the person's profile.
 */
export function LeaveCompanyButton({ className }: { className?: string }) {
  const { user } = useSession();
  const router = useRouter();
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  if (!user || !mayLeave(actorOf(user))) return null;
  const company = user.name;
  const person = personOf(user);
  return (
    <ConfirmButton
      label={teamsMessages.teamLeave}
      body={format(teamsMessages.teamConfirmLeave, { company })}
      variant="tertiary"
      confirmVariant="danger"
      className={className}
      onConfirm={async () => {
        await api.teams.leave();
        const profile = routes.profile(person.slug);
        snackbar.show(format(teamsMessages.teamLeft, { company }), { on: profile });
        await mutate(SESSION_KEY);
        router.push(profile);
      }}
    />
  );
}
