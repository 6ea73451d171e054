"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  AD_OBJECTIVES_MAX,
  AD_OFFER_CREDIT_USD,
  AD_OFFER_MIN_SPEND_USD,
  type AdConsultationRequest,
  adConsultationRequestSchema,
  adSpendLabels,
  adSpendRanges,
  format,
} from "@vn/contract";
import { leadsMessages } from "@vn/contract/messages/leads";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useEffect, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Button } from "@/components/ui/Button";
import { CountrySelect } from "@/components/ui/CountrySelect";
import { Input } from "@/components/ui/Input";
import { Select } from "@/components/ui/Select";
import { Textarea } from "@/components/ui/Textarea";
import { WebsiteInput } from "@/components/ui/WebsiteInput";
import { formatUsd } from "@/features/marketing/format";
import { api } from "@/lib/api-client";
import { leadFailure } from "./lead-form";

const empty = {
  company: "",
  website: "",
  country: "",
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  monthlyAdSpend: "",
  objectives: "",
} as unknown as AdConsultationRequest;

const spendOptions = adSpendRanges.map((range) => ({ value: range, label: adSpendLabels[range] }));

/**
 * The ad consultation (spec §3; §9 offer), on /advertise, for visitors too. Sent, a thank-you
 * takes the form's place and gets the focus, with a way to send another.
 */
export function AdConsultationForm() {
  const form = useForm<AdConsultationRequest>({
    resolver: zodResolver(adConsultationRequestSchema) as unknown as Resolver<AdConsultationRequest>,
    defaultValues: empty,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLDivElement>(null);
  const errors = form.formState.errors;

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await api.forms.adConsultation({ body: { ...values, objectives: values.objectives || undefined } });
      form.reset(empty);
      setSent(true);
    } catch (error) {
      setFailure(leadFailure(form, error));
    }
  });

  if (sent) {
    return (
      <div
        ref={sentRef}
        tabIndex={-1}
        role="status"
        className="flex flex-col items-start gap-4 rounded-card bg-surface p-6 shadow-card focus:outline-none md:p-8"
      >
        <h2 className="text-2xl font-semibold text-ink">{leadsMessages.formSentTitle}</h2>
        <p className="text-base text-ink">{leadsMessages.adConsultationSent}</p>
        <Button variant="secondary" onClick={() => setSent(false)}>
          {leadsMessages.formSendAnother}
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-labelledby="ad-consultation-title"
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 rounded-card bg-surface p-6 shadow-card sm:grid-cols-2 md:p-8"
    >
      <div className="sm:col-span-2">
        <h2 id="ad-consultation-title" className="text-2xl font-semibold text-ink">
          {leadsMessages.adConsultationTitle}
        </h2>
        <p className="mt-1 text-ink-muted">{leadsMessages.adConsultationIntro}</p>
      </div>
      <Input
        label={leadsMessages.adCompanyLabel}
        autoComplete="organization"
        error={errors.company?.message}
        {...form.register("company")}
      />
      <WebsiteInput error={errors.website?.message} {...form.register("website")} />
      <Input
        label={leadsMessages.adFirstNameLabel}
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...form.register("firstName")}
      />
      <Input
        label={leadsMessages.adLastNameLabel}
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...form.register("lastName")}
      />
      <Input
        label={leadsMessages.adEmailLabel}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <Input
        label={sharedMessages.adPhoneLabel}
        type="tel"
        autoComplete="tel"
        hint={leadsMessages.adPhoneHint}
        error={errors.phone?.message}
        {...form.register("phone")}
      />
      <CountrySelect error={errors.country?.message} {...form.register("country")} />
      <Select
        label={sharedMessages.adMonthlySpendLabel}
        options={spendOptions}
        placeholder={leadsMessages.adSpendChoose}
        hint={format(leadsMessages.adMonthlySpendHint, {
          credit: formatUsd(AD_OFFER_CREDIT_USD),
          minimum: formatUsd(AD_OFFER_MIN_SPEND_USD),
        })}
        error={errors.monthlyAdSpend?.message}
        {...form.register("monthlyAdSpend")}
      />
      <Textarea
        label={sharedMessages.adObjectivesLabel}
        optional
        maxLength={AD_OBJECTIVES_MAX}
        rows={4}
        error={errors.objectives?.message}
        className="sm:col-span-2"
        {...form.register("objectives")}
      />
      {failure ? (
        <p role="alert" className="text-sm font-medium text-danger sm:col-span-2">
          {failure}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting} className="w-full sm:w-auto">
          {leadsMessages.adConsultationSubmit}
        </Button>
      </div>
    </form>
  );
}
