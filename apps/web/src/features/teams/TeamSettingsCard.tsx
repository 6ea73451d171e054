"use client";

import { format } from "@vn/contract";
import { teamsMessages } from "@vn/contract/messages/teams";
import { useId, useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Checkbox } from "@/components/ui/Checkbox";
import { Skeleton } from "@/components/ui/Skeleton";
import { api } from "@/lib/api-client";
import { submitErrorMessage } from "@/lib/forms";
import { useResource } from "@/lib/use-resource";

/**
 * "Team settings" on the people tab, for owners (the settings scope): whether members may hide
 * "by {name}, {position}" on what they publish for the company. A change saves at once.
 */
export function TeamSettingsCard({ company }: { company: string }) {
  const settings = useResource(api.teams.teamSettings, {});
  const [saving, setSaving] = useState(false);
  /** The box as ticked while its save runs: it follows the click at once, and reverts on failure. */
  const [ticked, setTicked] = useState<boolean | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const snackbar = useSnackbar();
  const headingId = useId();
  const hintId = useId();
  const current = settings.data?.data;

  const change = async (membersMayHideByline: boolean) => {
    setSaving(true);
    setTicked(membersMayHideByline);
    setFailure(null);
    try {
      const saved = await api.teams.updateTeamSettings({ body: { membersMayHideByline } });
      await settings.mutate(saved, { revalidate: false });
      snackbar.show(teamsMessages.teamSettingsSaved, { tone: "success" });
    } catch (error) {
      setFailure(submitErrorMessage(error));
    } finally {
      setTicked(null);
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-card bg-surface p-5 shadow-card sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {teamsMessages.teamSettingsTitle}
      </h2>
      <div className="mt-3 flex flex-col gap-1">
        {settings.error ? (
          <Alert>{submitErrorMessage(settings.error)}</Alert>
        ) : !current ? (
          <Skeleton className="h-6 w-2/3" />
        ) : (
          <>
            <Checkbox
              name="membersMayHideByline"
              label={format(teamsMessages.teamMembersMayHideBylineLabel, { company })}
              checked={ticked ?? current.membersMayHideByline}
              disabled={saving}
              aria-describedby={hintId}
              onChange={(event) => void change(event.target.checked)}
            />
            <p id={hintId} className="pl-9 text-sm text-ink-muted">
              {teamsMessages.teamMembersMayHideBylineHint}
            </p>
          </>
        )}
        {failure ? <Alert className="mt-2">{failure}</Alert> : null}
      </div>
    </section>
  );
}
