"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { mediaMessages } from "@vn/contract/messages/media";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useRef } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Spinner } from "@/components/ui/Spinner";
import { downloadFile } from "./download";
import { viaWeb } from "./media-rules";
import { useDocument } from "./use-document";

export type ViewerFile =
  | { kind: "document"; name: string; documentUrl: string; downloadUrl: string | null }
  | {
      kind: "image";
      name: string;
      src: string /** What the picture shows (its alt text, issue 18). */;
      alt?: string;
    };

/**
 * The global file viewer (§2): an overlay over the page with the document's PDF in the browser's
 * own PDF viewer, or an image; Escape and the close button leave it, focus stays inside.
 */
export function FileViewer({ file, onClose }: { file: ViewerFile | null; onClose: () => void }) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // Read while rendering the opening: the dialog has not taken focus yet.
  if (file && !wasOpen.current && typeof document !== "undefined")
    opener.current = document.activeElement as HTMLElement | null;
  wasOpen.current = file !== null;
  const snackbar = useSnackbar();
  const documentUrl = file?.kind === "document" ? file.documentUrl : null;
  const pdf = useDocument(documentUrl);

  const download = async () => {
    if (file?.kind !== "document") return;
    const failed = await downloadFile(file.downloadUrl);
    if (failed) snackbar.show(failed, { tone: "error" });
  };

  return (
    <DialogPrimitive.Root open={file !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/80 animate-fade-in" />
        <DialogPrimitive.Content
          onCloseAutoFocus={(event) => {
            // Focus goes back to what opened it (the dialog is controlled, without a Trigger).
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          className="fixed inset-0 z-50 flex flex-col focus:outline-none sm:inset-6"
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between gap-3 bg-[#1d2226] px-4 py-2 text-white sm:rounded-t-card">
            <DialogPrimitive.Title className="min-w-0 truncate text-base font-semibold">
              {file?.name ?? ""}
            </DialogPrimitive.Title>
            <div className="flex shrink-0 items-center gap-1">
              {file?.kind === "document" ? (
                <Button variant="inverse" onClick={() => void download()}>
                  {mediaMessages.downloadFile}
                </Button>
              ) : null}
              <DialogPrimitive.Close
                className="inline-flex size-10 items-center justify-center rounded-full text-white hover:bg-white/15"
                aria-label={commonMessages.close}
              >
                <Icon name="close" size={22} />
              </DialogPrimitive.Close>
            </div>
          </div>
          <div className="flex min-h-0 flex-1 items-center justify-center bg-[#2b2f33] sm:rounded-b-card">
            {file?.kind === "image" ? (
              // biome-ignore lint/performance/noImgElement: media URLs come from the API's storage
              <img
                src={viaWeb(file.src) ?? ""}
                alt={file.alt ?? file.name}
                className="max-h-full max-w-full object-contain"
              />
            ) : pdf.loading ? (
              <Spinner className="size-8 text-white" />
            ) : pdf.problem ? (
              <p role="alert" className="max-w-md px-6 text-center text-base font-semibold text-white">
                {pdf.problem}
              </p>
            ) : pdf.src ? (
              <iframe
                src={pdf.src}
                title={file?.name ?? ""}
                data-testid="file-viewer-pdf"
                className="size-full border-0 bg-white sm:rounded-b-card"
              />
            ) : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
