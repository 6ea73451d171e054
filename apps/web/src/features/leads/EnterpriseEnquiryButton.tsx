"use client";

import { useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/Button";
import { deferredModule, useDeferredModule } from "@/lib/use-deferred-module";

/**
 * The enquiry form (zod, react-hook-form, Radix's dialog), loaded when the button is first
 * approached rather than with /companies or the plan cards (decision 0027, session 15).
 */
const dialogModule = deferredModule(() =>
  import("./EnterpriseEnquiryDialog").then((module) => module.EnterpriseEnquiryDialog),
);

/** A button that opens the enterprise enquiry (the plan card's "contact us", /companies). */
export function EnterpriseEnquiryButton({ children, ...props }: Omit<ButtonProps, "onClick">) {
  const [open, setOpen] = useState(false);
  const [Dialog, load] = useDeferredModule(dialogModule);
  return (
    <>
      <Button
        {...props}
        aria-haspopup="dialog"
        onPointerEnter={load}
        onFocus={load}
        onClick={() => {
          load();
          setOpen(true);
        }}
      >
        {children}
      </Button>
      {Dialog ? <Dialog open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
