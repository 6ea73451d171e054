"use client";

import { teamsMessages } from "@vn/contract/messages/teams";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";

/** The dialog and its fields (the picture's upload and crop among them), loaded on the first open. */
const MyDetailsForm = dynamic(() => import("./MyDetailsForm").then((module) => module.MyDetailsForm), {
  ssr: false,
});

/**
 * "Edit my details": a member's own card on the company's team (spec §3 team employee) — display
 * name, caption, photo, the link to their personal profile, and hiding their byline where the
 * company allows it. Position and team are the owner's and managers' to set, not here. The button
 * is drawn with the page; the dialog (MyDetailsForm) loads when it is first pressed (decision 0027).
 */
export function MyDetailsDialog({
  company,
  onSaved,
  className,
}: {
  company: string;
  onSaved?: () => void;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        className={className}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Icon name="settings" size={18} />
        {teamsMessages.teamEditMyDetails}
      </Button>
      {opened ? (
        <MyDetailsForm company={company} onSaved={onSaved} open={open} onOpenChange={setOpen} />
      ) : null}
    </>
  );
}
