"use client";

import { sharedMessages } from "@vn/contract/messages/shared";
import { Input, type InputProps } from "./Input";

export type WebsiteInputProps = Omit<InputProps, "label" | "type"> & { label?: string };

/**
 * A website address: the URL keyboard on phones, the browser's URL autofill, "https://" as a cue.
 * A text field with the URL keyboard rather than type="url": HTML_CodeSniffer (pa11y, issue 18)
 * accepts autocomplete="url" only on text-like types, and the form's schema checks the address.
 */
export function WebsiteInput({ label = sharedMessages.websiteLabel, ...props }: WebsiteInputProps) {
  return (
    <Input label={label} type="text" inputMode="url" autoComplete="url" placeholder="https://" {...props} />
  );
}
