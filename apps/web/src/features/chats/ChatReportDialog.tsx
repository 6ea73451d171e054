"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { chatsMessages } from "@vn/contract/messages/chats";
import { sharedMessages } from "@vn/contract/messages/shared";
import { type Resolver, useForm } from "react-hook-form";
import { api } from "@/lib/api-client";
import { FormDialog } from "../forms/FormDialog";
import { ReportFields } from "../forms/ReportDialog";
import { useDialogSubmit } from "../forms/use-dialog-submit";
import { type ChatReportForm, chatReportErrorText, chatReportFormSchema } from "./chat-report";

/** Reporting one message of someone else (issue 15 item 7): a reason, optional words. */
export function ChatReportDialog({
  chatId,
  messageId,
  open,
  onOpenChange,
}: {
  chatId: string;
  messageId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<ChatReportForm>({
    resolver: zodResolver(chatReportFormSchema) as unknown as Resolver<ChatReportForm>,
    defaultValues: { reason: undefined, description: "" },
  });
  const { submit, failure } = useDialogSubmit(form, {
    send: ({ reason, description }) =>
      api.chats.report({
        params: { id: chatId, messageId },
        body: { reason, description: description || undefined },
      }),
    sentText: sharedMessages.reportSent,
    failureText: chatReportErrorText,
    close: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={chatsMessages.chatsReportTitle}
      description={chatsMessages.chatsReportIntro}
      formId={`chat-report-${messageId}`}
      submitLabel={sharedMessages.reportSubmit}
      submitting={form.formState.isSubmitting}
      failure={failure}
      onSubmit={submit}
    >
      <ReportFields form={form} />
    </FormDialog>
  );
}
