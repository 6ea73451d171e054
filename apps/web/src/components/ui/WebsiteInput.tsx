"use client";

import { messages } from "@vn/contract";
import { Input, type InputProps } from "./Input";

export type WebsiteInputProps = Omit<InputProps, "label" | "type"> & { label?: string };

/** A website address: the URL keyboard on phones, the browser's URL autofill, "https://" as a cue. */
export function WebsiteInput({ label = messages.websiteLabel, ...props }: WebsiteInputProps) {
  return (
    <Input label={label} type="url" inputMode="url" autoComplete="url" placeholder="https://" {...props} />
  );
}
