"use client";

import { BULK_INVITE_MAX_EMAILS, format, TEAM_INVITE_LIMITS } from "@vn/contract";
import { teamsMessages } from "@vn/contract/messages/teams";
import { type FormEvent, useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Input } from "@/components/ui/Input";
import { Textarea } from "@/components/ui/Textarea";
import { FormDialog } from "@/features/forms/FormDialog";
import { ImageField } from "@/features/media/ImageField";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { submitErrorMessage } from "@/lib/forms";
import {
  type InviteDetails,
  type InviteProblems,
  inviteProblems,
  invitesBody,
  parseEmails,
} from "./team-rules";

const emptyDetails: InviteDetails = { displayName: "", position: "", caption: "", team: "" };
const noProblems: InviteProblems = { emails: [], fields: {} };

/**
 * "Invite people": emails one per line or comma separated (up to 50, all or nothing), and, when
 * one person is invited, their display name, position, caption, team and photo (an employee_image
 * upload: §5 formats, size and pixels, checked by the media pipeline as it uploads, with
 * progress). A refusal shows per email what the API said ("Already added", a blocked account) or
 * the seats sentence.
 */
export function InviteDialog({ onSent }: { onSent: () => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [details, setDetails] = useState<InviteDetails>(emptyDetails);
  const [problems, setProblems] = useState<InviteProblems>(noProblems);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const snackbar = useSnackbar();
  const emails = parseEmails(text);
  const single = emails.length <= 1;

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setText("");
      setDetails(emptyDetails);
      setProblems(noProblems);
      setFailure(null);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    // The contract's schemas (zod) load on the first submit, not with the page (decision 0027).
    const { checkInvites } = await import("./team-checks");
    const local = checkInvites(emails, details);
    if (local) {
      setProblems(local);
      return;
    }
    setProblems(noProblems);
    setSubmitting(true);
    try {
      await api.teams.invite({ body: invitesBody(emails, details) });
      snackbar.show(teamsMessages.teamInviteSent, { tone: "success" });
      reset(false);
      onSent();
    } catch (error) {
      const fromApi = error instanceof ApiError ? inviteProblems(error.details, emails) : noProblems;
      setProblems(fromApi);
      setFailure(submitErrorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: Exclude<keyof InviteDetails, "imageUrl">) => ({
    value: details[name],
    onChange: (event: { target: { value: string } }) =>
      setDetails({ ...details, [name]: event.target.value }),
    error: problems.fields[name],
    optional: true,
  });

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Icon name="plus" size={18} />
        {teamsMessages.teamInviteAction}
      </Button>
      <FormDialog
        open={open}
        onOpenChange={reset}
        title={teamsMessages.teamInviteAction}
        description={format(teamsMessages.teamInviteEmailsHint, { count: BULK_INVITE_MAX_EMAILS })}
        formId="team-invite-form"
        submitLabel={teamsMessages.teamInviteSend}
        submitting={submitting}
        failure={failure}
        onSubmit={onSubmit}
      >
        <Textarea
          label={teamsMessages.teamInviteEmailsLabel}
          name="emails"
          rows={4}
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            // What was said about the old list no longer matches the rows.
            setProblems(noProblems);
          }}
          error={problems.emails.length > 0 ? problems.emails.join("\n") : undefined}
          className="whitespace-pre-line"
        />
        {single ? (
          <>
            <Input
              label={teamsMessages.teamInviteNameLabel}
              name="displayName"
              maxLength={TEAM_INVITE_LIMITS.displayName.max}
              {...field("displayName")}
            />
            <Input
              label={teamsMessages.teamInvitePositionLabel}
              name="position"
              maxLength={TEAM_INVITE_LIMITS.position.max}
              {...field("position")}
            />
            <Input
              label={teamsMessages.teamInviteTeamLabel}
              name="team"
              maxLength={TEAM_INVITE_LIMITS.team.max}
              {...field("team")}
            />
            <Textarea
              label={teamsMessages.teamInviteCaptionLabel}
              name="caption"
              rows={3}
              maxLength={TEAM_INVITE_LIMITS.caption.max}
              {...field("caption")}
            />
            <ImageField
              uploadType="employee_image"
              label={teamsMessages.teamImageLabel}
              shape="round"
              targets={["desktop"]}
              chooseLabel={teamsMessages.teamChooseImage}
              changeLabel={teamsMessages.teamChangeImage}
              onUploaded={(media) => {
                // The people tab shows the square (350×350) variant.
                setDetails((current) => ({
                  ...current,
                  imageUrl: media.urls.small ?? media.urls.full ?? "",
                }));
              }}
              onRemoved={() => setDetails((current) => ({ ...current, imageUrl: "" }))}
            />
            {problems.fields.imageUrl ? (
              <p role="alert" className="text-sm font-medium text-danger">
                {problems.fields.imageUrl}
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-ink-muted">{teamsMessages.teamInviteOneOnly}</p>
        )}
      </FormDialog>
    </>
  );
}
