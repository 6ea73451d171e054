"use client";

import type { CreatorApplication } from "@vn/contract";
import { billingMessages } from "@vn/contract/messages/billing";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Textarea } from "@/components/ui/Textarea";
import { api } from "@/lib/api-client";
import { fieldErrorsOf, submitErrorMessage } from "@/lib/forms";
import { linksOf } from "./billing-rules";

export interface CreatorApplicationDialogProps {
  /** The application so far: none (apply), or rejected (appeal once). */
  application: CreatorApplication | null;
  onClose: () => void;
  onSent: (application: CreatorApplication, text: string) => void | Promise<void>;
}

/**
 * The creator application (§4): a short form (what you publish, links, the audience), or, after a
 * rejection, the one appeal; once appealed, it says so ("already submitted") instead of a form.
 */
export function CreatorApplicationDialog({ application, onClose, onSent }: CreatorApplicationDialogProps) {
  const appeal = application?.status === "rejected";
  const appealed = appeal && application.appealedAt !== null;
  const [publishes, setPublishes] = useState("");
  const [links, setLinks] = useState("");
  const [audience, setAudience] = useState("");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setErrors({});
    setFailure(null);
    try {
      if (appeal) {
        const { data } = await api.billing.creatorAppeal({ body: { message } });
        if (data) await onSent(data, billingMessages.creatorAppealSent);
      } else {
        const { data } = await api.billing.creatorApply({
          body: { publishes, links: linksOf(links), ...(audience.trim() ? { audience } : {}) },
        });
        if (data) await onSent(data, billingMessages.creatorApplied);
      }
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFailure(submitErrorMessage(error));
    } finally {
      setSending(false);
    }
  }

  const formId = "creator-application-form";
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={appeal ? billingMessages.creatorAppealTitle : billingMessages.creatorApplyTitle}
      description={
        appeal
          ? (application.decisionNote ?? billingMessages.creatorRejectedNote)
          : billingMessages.creatorApplyIntro
      }
      footer={
        appealed ? (
          <Button onClick={onClose}>{commonMessages.close}</Button>
        ) : (
          <>
            <Button variant="tertiary" onClick={onClose}>
              {commonMessages.cancel}
            </Button>
            <Button type="submit" form={formId} disabled={sending} aria-busy={sending || undefined}>
              {appeal ? billingMessages.creatorAppealSubmit : billingMessages.creatorApplySubmit}
            </Button>
          </>
        )
      }
    >
      {appealed ? (
        <Alert tone="info">{sharedMessages.appealAlreadySubmitted}</Alert>
      ) : (
        <form id={formId} onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
          {appeal ? (
            <Textarea
              label={billingMessages.creatorAppealLabel}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              error={errors.message}
              rows={5}
            />
          ) : (
            <>
              <Textarea
                label={billingMessages.creatorPublishesLabel}
                value={publishes}
                onChange={(event) => setPublishes(event.target.value)}
                error={errors.publishes}
                rows={4}
              />
              <Textarea
                label={billingMessages.creatorLinksLabel}
                hint={billingMessages.creatorLinksHint}
                value={links}
                onChange={(event) => setLinks(event.target.value)}
                error={errors.links}
                rows={3}
                inputMode="url"
              />
              <Textarea
                label={billingMessages.creatorAudienceLabel}
                optional
                value={audience}
                onChange={(event) => setAudience(event.target.value)}
                error={errors.audience}
                rows={2}
              />
            </>
          )}
          {failure ? <Alert>{failure}</Alert> : null}
        </form>
      )}
    </Dialog>
  );
}
