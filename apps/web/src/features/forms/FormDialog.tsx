"use client";

import { commonMessages } from "@vn/contract/messages/common";
import type { FormEvent, ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The form's id: the footer's submit button sits outside the form and names it. */
  formId: string;
  submitLabel: string;
  /** While sending, the submit button is disabled (one send per click). */
  submitting: boolean;
  /** The sentence of a failed send (rate limit or §8 failure), read out as an alert. */
  failure: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}

/**
 * The frame of the global overlay forms (§2 feedback, report): a dialog with Cancel and submit in
 * its footer, the fields, and the failure under them. The fields are the caller's.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  formId,
  submitLabel,
  submitting,
  failure,
  onSubmit,
  children,
}: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {commonMessages.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={submitting}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        {children}
        {failure ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {failure}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
