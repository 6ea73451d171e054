"use client";

import type { ChatAttachment } from "@vn/contract";
import { Icon } from "@/components/ui/Icon";

/** A message's files: pictures inline (their signed preview), documents as a download link. */
export function MessageAttachments({ attachments }: { attachments: readonly ChatAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-2">
      {attachments.map((file) => {
        const picture = file.kind === "image" ? (file.urls.small ?? file.urls.preview) : null;
        const href = file.urls.full ?? file.urls.download ?? file.urls.document ?? file.urls.preview;
        return (
          <li key={file.id} data-attachment={file.kind}>
            {picture ? (
              <a href={href ?? picture} target="_blank" rel="noreferrer" className="block">
                {/* biome-ignore lint/performance/noImgElement: signed, short-lived URLs are not for the image optimiser */}
                <img
                  src={picture}
                  alt={file.name}
                  width={file.width ?? undefined}
                  height={file.height ?? undefined}
                  className="max-h-60 max-w-full rounded-lg object-cover"
                />
              </a>
            ) : (
              <a
                href={href ?? undefined}
                target="_blank"
                rel="noreferrer"
                className="flex items-center gap-2 rounded-lg bg-black/10 px-3 py-2 text-sm underline"
              >
                <Icon name="document" size={16} />
                <span className="max-w-48 truncate">{file.name}</span>
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
