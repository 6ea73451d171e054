"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  REPORT_DESCRIPTION_MAX,
  type ReportReason,
  type ReportRequest,
  type ReportTargetType,
  reportReasons,
  reportRequestSchema,
} from "@vn/contract";
import { formsMessages } from "@vn/contract/messages/forms";
import { sharedMessages } from "@vn/contract/messages/shared";
import { type Resolver, type UseFormReturn, useForm } from "react-hook-form";
import { Select } from "@/components/ui/Select";
import { Textarea } from "@/components/ui/Textarea";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { FormDialog } from "./FormDialog";
import { useDialogSubmit } from "./use-dialog-submit";

/** The report reasons as people read them (the content report and the message report share them). */
export const reasonLabels: Record<ReportReason, string> = {
  spam: formsMessages.reportReasonSpam,
  harassment: formsMessages.reportReasonHarassment,
  hate: formsMessages.reportReasonHate,
  violence: formsMessages.reportReasonViolence,
  misinformation: formsMessages.reportReasonMisinformation,
  impersonation: formsMessages.reportReasonImpersonation,
  nudity: formsMessages.reportReasonNudity,
  intellectual_property: formsMessages.reportReasonIntellectualProperty,
  other: formsMessages.reportReasonOther,
};

/** The report failure: the rate-limit text when the API sent it, else §8's report failure. */
export function reportErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code === "report_tooMany") return sharedMessages.reportRateLimited;
  if (error instanceof ApiError && error.status === 422) return error.message;
  return sharedMessages.reportFailed;
}

/** What a report form holds, whatever it reports: a reason and optional words. */
interface ReportValues {
  reason: ReportReason;
  description?: string | undefined;
}

const reasonOptions = reportReasons.map((reason) => ({ value: reason, label: reasonLabels[reason] }));

/**
 * A report's fields (spec §3 report): the reason, and the words, which "Other" requires. The
 * content report and the message report both use them.
 */
export function ReportFields<Values extends ReportValues>({ form }: { form: UseFormReturn<Values> }) {
  // Every form here holds ReportValues; react-hook-form cannot see that through the generic.
  const fields = form as unknown as UseFormReturn<ReportValues>;
  const errors = fields.formState.errors;
  return (
    <>
      <Select
        label={formsMessages.reportReasonLabel}
        error={errors.reason?.message}
        placeholder="—"
        options={reasonOptions}
        {...fields.register("reason")}
      />
      <Textarea
        label={formsMessages.reportDescriptionLabel}
        optional={fields.watch("reason") !== "other"}
        maxLength={REPORT_DESCRIPTION_MAX}
        error={errors.description?.message}
        {...fields.register("description")}
      />
    </>
  );
}

export interface ReportDialogProps {
  targetType: ReportTargetType;
  targetId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The report form (spec §2 global overlays; §3 report: reason, description). */
export function ReportDialog({ targetType, targetId, open, onOpenChange }: ReportDialogProps) {
  const form = useForm<ReportRequest>({
    resolver: zodResolver(reportRequestSchema) as unknown as Resolver<ReportRequest>,
    defaultValues: { targetType, targetId, reason: undefined, description: "" },
  });
  const { submit, failure } = useDialogSubmit(form, {
    send: (values) => api.forms.report({ body: { ...values, description: values.description || undefined } }),
    sentText: sharedMessages.reportSent,
    failureText: reportErrorText,
    close: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={formsMessages.reportTitle}
      description={formsMessages.reportIntro}
      formId="report-form"
      submitLabel={sharedMessages.reportSubmit}
      submitting={form.formState.isSubmitting}
      failure={failure}
      onSubmit={submit}
    >
      <ReportFields form={form} />
    </FormDialog>
  );
}
