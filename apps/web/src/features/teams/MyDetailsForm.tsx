"use client";

import { format, TEAM_INVITE_LIMITS, type TeamMemberSelf } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { teamsMessages } from "@vn/contract/messages/teams";
import { type FormEvent, useId, useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Avatar } from "@/components/ui/Avatar";
import { Checkbox } from "@/components/ui/Checkbox";
import { Input } from "@/components/ui/Input";
import { Skeleton } from "@/components/ui/Skeleton";
import { Textarea } from "@/components/ui/Textarea";
import { FormDialog } from "@/features/forms/FormDialog";
import { ImageField } from "@/features/media/ImageField";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { submitErrorMessage } from "@/lib/forms";
import { useResource } from "@/lib/use-resource";
import { fieldProblems, type MyDetailsValues, myDetailsBody, myDetailsValues } from "./team-rules";

const FORM_ID = "team-my-details-form";

/** The fields, once the member's card has loaded: filled from it, and sent as changed. */
function MyDetailsFields({
  self,
  company,
  values,
  problems,
  onChange,
}: {
  self: TeamMemberSelf;
  company: string;
  values: MyDetailsValues;
  problems: Record<string, string>;
  onChange: (next: Partial<MyDetailsValues>) => void;
}) {
  const hintId = useId();
  return (
    <>
      <Input
        label={teamsMessages.teamInviteNameLabel}
        name="displayName"
        autoComplete="name"
        // Emptied: the card shows the personal profile's name again.
        optional
        maxLength={TEAM_INVITE_LIMITS.displayName.max}
        value={values.displayName}
        onChange={(event) => onChange({ displayName: event.target.value })}
        error={problems.displayName}
      />
      <Textarea
        label={teamsMessages.teamInviteCaptionLabel}
        name="caption"
        rows={3}
        optional
        maxLength={TEAM_INVITE_LIMITS.caption.max}
        value={values.caption}
        onChange={(event) => onChange({ caption: event.target.value })}
        error={problems.caption}
      />
      <ImageField
        uploadType="employee_image"
        label={teamsMessages.teamImageLabel}
        shape="round"
        targets={["desktop"]}
        chooseLabel={teamsMessages.teamChooseImage}
        changeLabel={teamsMessages.teamChangeImage}
        current={self.image?.urls.preview ?? null}
        placeholder={<Avatar name={self.name} size="lg" />}
        onUploaded={(media) => onChange({ imageUrl: media.urls.small ?? media.urls.full ?? "" })}
        onRemoved={() => onChange({ imageUrl: "" })}
      />
      {problems.imageUrl ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {problems.imageUrl}
        </p>
      ) : null}
      <Checkbox
        name="displayPersonalProfile"
        label={teamsMessages.teamDisplayPersonalProfileLabel}
        checked={values.displayPersonalProfile}
        onChange={(event) => onChange({ displayPersonalProfile: event.target.checked })}
      />
      <div className="flex flex-col gap-1">
        <Checkbox
          name="hideByline"
          label={format(teamsMessages.teamHideBylineLabel, { company })}
          checked={values.hideByline}
          // Showing the byline again is always allowed; hiding it only where the company lets members.
          disabled={!self.membersMayHideByline && !values.hideByline}
          aria-describedby={hintId}
          onChange={(event) => onChange({ hideByline: event.target.checked })}
          error={problems.hideByline}
        />
        <p id={hintId} className="pl-9 text-sm text-ink-muted">
          {self.membersMayHideByline
            ? format(teamsMessages.teamHideBylineHint, { company })
            : format(teamsMessages.teamHideBylineNotAllowedHint, { company })}
        </p>
      </div>
    </>
  );
}

/**
 * The dialog of "Edit my details" (MyDetailsDialog draws its button): loaded on the first open,
 * with the picture field and its upload and crop, and kept mounted after (its closing animation).
 */
export function MyDetailsForm({
  company,
  onSaved,
  open,
  onOpenChange: setOpen,
}: {
  company: string;
  onSaved?: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [values, setValues] = useState<MyDetailsValues | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const snackbar = useSnackbar();
  const card = useResource(api.teams.myMembership, open ? {} : null, { revalidateOnFocus: false });
  const self = card.data?.data;
  const initial = self ? myDetailsValues(self) : null;
  const shown = values ?? initial;

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues(null);
      setProblems({});
      setFailure(null);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!initial || !shown) return;
    setFailure(null);
    const body = myDetailsBody(shown, initial);
    // The contract's schemas (zod) load on the first submit, not with the page (decision 0027).
    const { checkMyDetails } = await import("./team-checks");
    const local = checkMyDetails(body);
    setProblems(local ?? {});
    if (local) return;
    setSubmitting(true);
    try {
      const saved = await api.teams.updateMyDetails({ body });
      await card.mutate(saved, { revalidate: false });
      snackbar.show(teamsMessages.teamMyDetailsSaved, { tone: "success" });
      reset(false);
      onSaved?.();
    } catch (error) {
      const fields = error instanceof ApiError ? fieldProblems(error.details) : {};
      setProblems(fields);
      // A refusal with no field (hiding the byline where the company does not allow it) is said below.
      if (Object.keys(fields).length === 0) setFailure(submitErrorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={reset}
      title={format(teamsMessages.teamMyDetailsTitle, { company })}
      description={format(teamsMessages.teamMyDetailsIntro, { company })}
      formId={FORM_ID}
      submitLabel={sharedMessages.saveChanges}
      submitting={submitting || !shown}
      failure={failure}
      onSubmit={onSubmit}
    >
      {card.error ? (
        <Alert>{submitErrorMessage(card.error) || teamsMessages.teamMyDetailsLoadFailed}</Alert>
      ) : self && shown ? (
        <MyDetailsFields
          self={self}
          company={company}
          values={shown}
          problems={problems}
          // Functional: an upload finishing after some typing must not undo the typing.
          onChange={(next) => setValues((current) => ({ ...(current ?? shown), ...next }))}
        />
      ) : (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only">{commonMessages.loading}</span>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      )}
    </FormDialog>
  );
}
