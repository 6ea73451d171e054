"use client";

import { type SocialLinkKey, socialLinkKeys } from "@vn/contract";
import { pageEditingMessages } from "@vn/contract/messages/page-editing";
import { sharedMessages } from "@vn/contract/messages/shared";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { Input } from "@/components/ui/Input";
import type { PageEditValues } from "./page-edit-rules";

/** The spec's "site" link is the page's website; the rest are the social networks (§3). */
const linkLabels: Record<SocialLinkKey, string> = {
  site: sharedMessages.websiteLabel,
  twitter: pageEditingMessages.twitterLabel,
  youtube: pageEditingMessages.youtubeLabel,
  facebook: pageEditingMessages.facebookLabel,
  linkedin: pageEditingMessages.linkedinLabel,
  instagram: pageEditingMessages.instagramLabel,
};
/** The website first: most pages have one before any social link. */
const order: SocialLinkKey[] = ["site", ...socialLinkKeys.filter((key) => key !== "site")];

export interface PageLinksFieldsetProps {
  register: UseFormRegister<PageEditValues>;
  errors: FieldErrors<PageEditValues>["socialLinks"];
}

/** Website and social links, each optional; an emptied field removes the link. */
export function PageLinksFieldset({ register, errors }: PageLinksFieldsetProps) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-3 text-base font-semibold text-ink">{pageEditingMessages.pageLinksLegend}</legend>
      {order.map((key) => (
        <Input
          key={key}
          type="url"
          inputMode="url"
          autoComplete="url"
          label={linkLabels[key]}
          optional
          placeholder={pageEditingMessages.linkPlaceholder}
          error={errors?.[key]?.message}
          {...register(`socialLinks.${key}`)}
        />
      ))}
    </fieldset>
  );
}
