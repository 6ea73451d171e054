"use client";

import type { ReportTargetType } from "@vn/contract";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { LazyReportDialog } from "./LazyReportDialog";

/** A publication's "Report" entry, opening the report form (spec §2 global overlays). */
export function ReportButton({ targetType, targetId }: { targetType: ReportTargetType; targetId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="tertiary"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="px-3 text-ink-muted"
      >
        <Icon name="flag" size={18} />
        <span className="max-sm:sr-only">{sharedMessages.reportAction}</span>
      </Button>
      {open ? (
        <LazyReportDialog targetType={targetType} targetId={targetId} open={open} onOpenChange={setOpen} />
      ) : null}
    </>
  );
}
