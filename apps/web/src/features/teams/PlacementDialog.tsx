"use client";

import { format, TEAM_INVITE_LIMITS, type TeamMember } from "@vn/contract";
import { sharedMessages } from "@vn/contract/messages/shared";
import { teamsMessages } from "@vn/contract/messages/teams";
import { type FormEvent, useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Button } from "@/components/ui/Button";
import { Input } from "@/components/ui/Input";
import { FormDialog } from "@/features/forms/FormDialog";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { submitErrorMessage } from "@/lib/forms";
import { fieldProblems, type PlacementValues, placementBody, placementValues } from "./team-rules";

/**
 * "Position and team" of a member, set by the owner (anyone) or a manager (employees): shown on
 * the people tab, and the position after the member's name on what they publish for the company.
 */
export function PlacementDialog({
  member,
  company,
  onSaved,
}: {
  member: TeamMember;
  company: string;
  onSaved: () => void;
}) {
  const [open, setOpen] = useState(false);
  const initial = placementValues(member);
  const [values, setValues] = useState<PlacementValues>(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const snackbar = useSnackbar();
  const title = format(teamsMessages.teamPlacementTitle, { name: member.name });

  const reset = (next: boolean) => {
    setOpen(next);
    // Opened again: the member's values as the list shows them now.
    setValues(placementValues(member));
    setProblems({});
    setFailure(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const body = placementBody(values, initial);
    if (!body) {
      reset(false);
      return;
    }
    // The contract's schemas (zod) load on the first submit, not with the page (decision 0027).
    const { checkPlacement } = await import("./team-checks");
    const local = checkPlacement(body);
    setProblems(local ?? {});
    if (local) return;
    setSubmitting(true);
    try {
      await api.teams.updateMember({ params: { userId: member.userId }, body });
      snackbar.show(teamsMessages.teamPlacementSaved, { tone: "success" });
      reset(false);
      onSaved();
    } catch (error) {
      const fields = error instanceof ApiError ? fieldProblems(error.details) : {};
      setProblems(fields);
      if (Object.keys(fields).length === 0) setFailure(submitErrorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => reset(true)} aria-label={title}>
        {teamsMessages.teamEditPlacement}
      </Button>
      <FormDialog
        open={open}
        onOpenChange={reset}
        title={title}
        description={format(teamsMessages.teamPlacementIntro, { company })}
        formId={`team-placement-${member.userId}`}
        submitLabel={sharedMessages.saveChanges}
        submitting={submitting}
        failure={failure}
        onSubmit={onSubmit}
      >
        <Input
          label={teamsMessages.teamInvitePositionLabel}
          name="position"
          optional
          maxLength={TEAM_INVITE_LIMITS.position.max}
          value={values.position}
          onChange={(event) => setValues({ ...values, position: event.target.value })}
          error={problems.position}
        />
        <Input
          label={teamsMessages.teamInviteTeamLabel}
          name="team"
          optional
          maxLength={TEAM_INVITE_LIMITS.team.max}
          value={values.team}
          onChange={(event) => setValues({ ...values, team: event.target.value })}
          error={problems.team}
        />
      </FormDialog>
    </>
  );
}
