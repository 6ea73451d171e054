"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  format,
  MODERATION_APPEAL_MAX,
  MODERATION_APPEAL_MIN,
  type Strike,
  type StrikeAppealRequest,
  strikeAppealRequestSchema,
} from "@vn/contract";
import { moderationMessages } from "@vn/contract/messages/moderation";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useEffect, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Textarea } from "@/components/ui/Textarea";
import { ApiError } from "@/lib/api-error";
import { cleanSubmit, fieldErrorsOf, submitErrorMessage } from "@/lib/forms";

/**
 * The one appeal a strike allows: a message, sent once. `send` is the call (the signed-in person's
 * strike, or a suspended person's signed link); a second appeal's 409 shows the strike as it is.
 */
export function StrikeAppealForm({
  strikeId,
  send,
  onSent,
}: {
  strikeId: string;
  send: (body: StrikeAppealRequest) => Promise<Strike>;
  onSent: (strike: Strike | null) => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<StrikeAppealRequest>({
    resolver: zodResolver(strikeAppealRequestSchema) as unknown as Resolver<StrikeAppealRequest>,
    defaultValues: { text: "" },
  });
  // Opened from "Appeal this decision": the message field takes the focus.
  useEffect(() => setFocus("text"), [setFocus]);
  const onSubmit = cleanSubmit(async (values: StrikeAppealRequest) => {
    setServerError(null);
    try {
      onSent(await send(values));
    } catch (error) {
      if (error instanceof ApiError && error.code === "appeal_alreadySubmitted") return onSent(null);
      const fields = fieldErrorsOf(error);
      if (fields.text) setError("text", { message: fields.text });
      else setServerError(submitErrorMessage(error));
    }
  });
  const id = `appeal-${strikeId}`;
  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="flex flex-col gap-4 border-t border-line pt-4"
    >
      <h3 id={`${id}-title`} className="font-semibold text-ink">
        {moderationMessages.strikeAppealTitle}
      </h3>
      <p className="text-sm text-ink-muted">{moderationMessages.strikeAppealText}</p>
      {serverError ? <Alert>{serverError}</Alert> : null}
      <Textarea
        label={sharedMessages.appealMessageLabel}
        rows={5}
        maxLength={MODERATION_APPEAL_MAX}
        hint={format(sharedMessages.appealMessageHint, { count: MODERATION_APPEAL_MIN })}
        error={errors.text?.message}
        {...register("text")}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? sharedMessages.appealSending : sharedMessages.appealSubmit}
        </Button>
      </div>
    </form>
  );
}
