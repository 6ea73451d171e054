"use client";

import { useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/Button";
import { EnterpriseEnquiryDialog } from "./EnterpriseEnquiryDialog";

/** A button that opens the enterprise enquiry (the plan card's "contact us", /companies). */
export function EnterpriseEnquiryButton({ children, ...props }: Omit<ButtonProps, "onClick">) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...props} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <EnterpriseEnquiryDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
