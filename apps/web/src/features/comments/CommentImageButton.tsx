"use client";

import { acceptAttribute } from "@vn/contract";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRef } from "react";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import type { CommentImageState } from "./use-comment-image";

const accept = acceptAttribute("comment_content_image");

/** "Add image": a file picker for one comment_content_image; hidden while one is chosen or uploading. */
export function CommentImageButton({ image, disabled }: { image: CommentImageState; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  if (image.uploading || image.pending) return null;
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="comment-image-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) image.pick(file);
        }}
      />
      <Button
        variant="tertiary"
        className="min-h-10 px-2 text-sm"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <Icon name="plus" size={18} />
        {sharedMessages.chooseImage}
      </Button>
    </>
  );
}
