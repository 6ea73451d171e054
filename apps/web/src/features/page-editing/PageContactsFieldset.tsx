"use client";

import { pageEditingMessages } from "@vn/contract/messages/page-editing";
import { sharedMessages } from "@vn/contract/messages/shared";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { Input } from "@/components/ui/Input";
import type { PageEditValues } from "./page-edit-rules";

export interface PageContactsFieldsetProps {
  register: UseFormRegister<PageEditValues>;
  errors: FieldErrors<PageEditValues>["contacts"];
}

/** The page's main and additional contact email and phone (§3), each optional. */
export function PageContactsFieldset({ register, errors }: PageContactsFieldsetProps) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-3 text-base font-semibold text-ink">
        {pageEditingMessages.pageContactsLegend}
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          type="email"
          autoComplete="email"
          label={pageEditingMessages.mainEmailLabel}
          optional
          error={errors?.mainEmail?.message}
          {...register("contacts.mainEmail")}
        />
        <Input
          type="email"
          autoComplete="off"
          label={pageEditingMessages.additionalEmailLabel}
          optional
          error={errors?.additionalEmail?.message}
          {...register("contacts.additionalEmail")}
        />
        <Input
          type="tel"
          autoComplete="tel"
          label={pageEditingMessages.mainPhoneLabel}
          optional
          hint={sharedMessages.contactPhoneHint}
          error={errors?.mainPhone?.message}
          {...register("contacts.mainPhone")}
        />
        <Input
          type="tel"
          autoComplete="off"
          label={pageEditingMessages.additionalPhoneLabel}
          optional
          hint={sharedMessages.contactPhoneHint}
          error={errors?.additionalPhone?.message}
          {...register("contacts.additionalPhone")}
        />
      </div>
    </fieldset>
  );
}
