"use client";

import { sharedMessages } from "@vn/contract/messages/shared";
import { countries } from "@/lib/countries";
import { Select, type SelectProps } from "./Select";

/** ISO codes (what the API stores) with their English names. */
const countryOptions = countries.map((country) => ({ value: country.code, label: country.name }));

export type CountrySelectProps = Omit<SelectProps, "options" | "label"> & { label?: string };

/**
 * The country picker every form uses: the one country list, "Country" and "Select a country"
 * unless a form names them otherwise, and the browser's country autofill.
 */
export function CountrySelect({
  label = sharedMessages.countryLabel,
  placeholder = sharedMessages.countryPlaceholder,
  ...props
}: CountrySelectProps) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      options={countryOptions}
      autoComplete="country"
      {...props}
    />
  );
}
