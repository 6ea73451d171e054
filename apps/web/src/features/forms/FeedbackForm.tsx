"use client";

import { FEEDBACK_MESSAGE_MAX, FEEDBACK_RATING_MAX, type FeedbackRequest, format } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { usePathname } from "next/navigation";
import { useForm } from "react-hook-form";
import { Textarea } from "@/components/ui/Textarea";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { cn } from "@/lib/cn";
import { lazyResolver } from "@/lib/lazy-resolver";
import { FormDialog } from "./FormDialog";
import { useDialogSubmit } from "./use-dialog-submit";

export function feedbackErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code === "feedback_tooMany")
    return commonMessages.feedbackRateLimited;
  if (error instanceof ApiError) return error.message;
  return commonMessages.somethingWentWrong;
}

/** Loaded on the first validation: the schema waits for the first submit, not just the first open. */
const feedbackResolver = lazyResolver<FeedbackRequest, unknown, FeedbackRequest>(() =>
  import("./feedback-resolver").then((module) => module.feedbackResolver),
);

const ratings = Array.from({ length: FEEDBACK_RATING_MAX }, (_, index) => index + 1);

/** The feedback form (§3 feedback: rating, message; §5 both required, message max length). Loaded
 * by FeedbackOverlay on first open, and kept mounted after, so what was typed stays on reopening. */
export function FeedbackForm({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const pathname = usePathname();
  const form = useForm<FeedbackRequest>({
    resolver: feedbackResolver,
    defaultValues: { message: "" },
  });
  const { submit, failure } = useDialogSubmit(form, {
    send: (values) => api.forms.feedback({ body: { ...values, page: pathname } }),
    sentText: commonMessages.feedbackSent,
    failureText: feedbackErrorText,
    close: () => setOpen(false),
  });
  const rating = Number(form.watch("rating")) || 0;
  const errors = form.formState.errors;
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title={commonMessages.feedbackTitle}
      description={commonMessages.feedbackIntro}
      formId="feedback-form"
      submitLabel={commonMessages.feedbackSubmit}
      submitting={form.formState.isSubmitting}
      failure={failure}
      onSubmit={submit}
    >
      <fieldset aria-describedby={errors.rating ? "feedback-rating-error" : undefined}>
        <legend className="mb-1.5 text-sm font-semibold text-ink">
          {commonMessages.feedbackRatingLabel}
        </legend>
        <div className="flex gap-1">
          {ratings.map((value) => (
            <label
              key={value}
              className={cn(
                "inline-flex size-11 cursor-pointer items-center justify-center rounded-full text-2xl has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand",
                value <= rating ? "text-warning" : "text-line-strong",
              )}
            >
              <input type="radio" value={value} className="sr-only" {...form.register("rating")} />
              <span aria-hidden="true">★</span>
              <span className="sr-only">{format(commonMessages.feedbackRatingValue, { count: value })}</span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id="feedback-rating-error" className="mt-1 text-sm text-danger">
            {errors.rating.message}
          </p>
        ) : null}
      </fieldset>
      <Textarea
        label={commonMessages.feedbackMessageLabel}
        maxLength={FEEDBACK_MESSAGE_MAX}
        error={errors.message?.message}
        hint={format(commonMessages.characterCounter, {
          count: (form.watch("message") ?? "").length,
          limit: FEEDBACK_MESSAGE_MAX,
        })}
        {...form.register("message")}
      />
    </FormDialog>
  );
}
