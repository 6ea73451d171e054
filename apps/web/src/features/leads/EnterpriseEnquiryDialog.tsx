"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  ENQUIRY_TEXT_MAX,
  type EnterpriseEnquiryRequest,
  enterpriseEnquiryRequestSchema,
  enterpriseEnquiryVisitorSchema,
  format,
} from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { leadsMessages } from "@vn/contract/messages/leads";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Button } from "@/components/ui/Button";
import { CountrySelect } from "@/components/ui/CountrySelect";
import { Dialog } from "@/components/ui/Dialog";
import { Input } from "@/components/ui/Input";
import { Textarea } from "@/components/ui/Textarea";
import { WebsiteInput } from "@/components/ui/WebsiteInput";
import { api } from "@/lib/api-client";
import { useSession } from "@/lib/session";
import { leadFailure } from "./lead-form";

export interface EnterpriseEnquiryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const empty: EnterpriseEnquiryRequest = {
  fullName: "",
  companyName: "",
  website: "",
  country: "",
  phone: "",
  enquiry: "",
  email: "",
};

/**
 * The enterprise enquiry (spec §3; §5 phone rules), from the enterprise plan card and /companies.
 * Visitors give the email to answer; a signed-in person is answered at their account's email.
 * Sent, it says so in place of the form.
 */
export function EnterpriseEnquiryDialog({ open, onOpenChange }: EnterpriseEnquiryDialogProps) {
  const { user } = useSession();
  const visitor = !user;
  const form = useForm<EnterpriseEnquiryRequest>({
    resolver: zodResolver(
      visitor ? enterpriseEnquiryVisitorSchema : enterpriseEnquiryRequestSchema,
    ) as unknown as Resolver<EnterpriseEnquiryRequest>,
    defaultValues: empty,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { email, ...rest } = values;
      await api.forms.enterpriseEnquiry({ body: visitor ? { ...rest, email } : rest });
      setSent(true);
      form.reset(empty);
    } catch (error) {
      setFailure(leadFailure(form, error));
    }
  });

  const change = (next: boolean) => {
    if (!next) setSent(false);
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={leadsMessages.enterpriseEnquiryTitle}
      description={sent ? undefined : leadsMessages.enterpriseEnquiryIntro}
      size="lg"
      fullOnMobile
      footer={
        sent ? (
          <Button onClick={() => change(false)}>{commonMessages.close}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => change(false)}>
              {commonMessages.cancel}
            </Button>
            <Button type="submit" form="enterprise-enquiry-form" disabled={form.formState.isSubmitting}>
              {leadsMessages.enterpriseEnquirySubmit}
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <p role="status" className="text-base text-ink">
          {leadsMessages.enterpriseEnquirySent}
        </p>
      ) : (
        <form
          id="enterprise-enquiry-form"
          noValidate
          onSubmit={(event) => void submit(event)}
          className="grid gap-4 sm:grid-cols-2"
        >
          <Input
            label={leadsMessages.enquiryFullNameLabel}
            autoComplete="name"
            error={errors.fullName?.message}
            {...form.register("fullName")}
          />
          <Input
            label={sharedMessages.companyNameLabel}
            autoComplete="organization"
            error={errors.companyName?.message}
            {...form.register("companyName")}
          />
          {visitor ? (
            <Input
              label={leadsMessages.enquiryWorkEmailLabel}
              type="email"
              autoComplete="email"
              hint={leadsMessages.enquiryWorkEmailHint}
              error={errors.email?.message}
              className="sm:col-span-2"
              {...form.register("email")}
            />
          ) : (
            <p className="text-sm text-ink-muted sm:col-span-2">
              {format(leadsMessages.enquiryAccountEmailNote, { email: user.email })}
            </p>
          )}
          <WebsiteInput error={errors.website?.message} {...form.register("website")} />
          <CountrySelect error={errors.country?.message} {...form.register("country")} />
          <Input
            label={sharedMessages.enquiryPhoneLabel}
            optional
            type="tel"
            autoComplete="tel"
            hint={sharedMessages.contactPhoneHint}
            error={errors.phone?.message}
            className="sm:col-span-2"
            {...form.register("phone")}
          />
          <Textarea
            label={sharedMessages.enquiryTextLabel}
            maxLength={ENQUIRY_TEXT_MAX}
            rows={5}
            hint={format(leadsMessages.enquiryTextHint, {
              count: (form.watch("enquiry") ?? "").length,
              limit: ENQUIRY_TEXT_MAX,
            })}
            error={errors.enquiry?.message}
            className="sm:col-span-2"
            {...form.register("enquiry")}
          />
          {failure ? (
            <p role="alert" className="text-sm font-medium text-danger sm:col-span-2">
              {failure}
            </p>
          ) : null}
        </form>
      )}
    </Dialog>
  );
}
