"use client";

import { format } from "@vn/contract";
import { mediaMessages } from "@vn/contract/messages/media";
import { Button } from "@/components/ui/Button";

/** The progress bar of an upload in flight, with its cancel button. */
export function UploadProgress({
  fileName,
  progress,
  onCancel,
}: {
  fileName: string;
  progress: number;
  onCancel: () => void;
}) {
  const percent = Math.round(progress * 100);
  const label = format(mediaMessages.uploading, { name: fileName });
  return (
    <div className="flex items-center gap-3 rounded-lg bg-black/[0.03] p-3">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-ink">{label}</p>
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
          className="mt-2 h-2 overflow-hidden rounded-full bg-black/10"
        >
          <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <span className="w-10 text-right text-sm tabular-nums text-ink-muted" aria-hidden="true">
        {percent}%
      </span>
      <Button variant="tertiary" onClick={onCancel}>
        {mediaMessages.cancelUpload}
      </Button>
    </div>
  );
}
