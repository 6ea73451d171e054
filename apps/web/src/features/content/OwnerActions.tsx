"use client";

import type { ContentItem } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { contentMessages } from "@vn/contract/messages/content";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Button } from "@/components/ui/Button";
import { LazyDialog } from "@/components/ui/LazyDialog";
import { Link } from "@/components/ui/Link";
import { useVerificationGate } from "@/features/verification/use-verification-gate";
import { api } from "@/lib/api-client";
import { submitErrorMessage } from "@/lib/forms";
import { editPathOf } from "./content-routes";

/** Edit and delete (with confirmation) for the owner of a publication. */
export function OwnerActions({
  item,
  onDeleted,
}: {
  item: ContentItem;
  /** Called after a delete; without it the owner goes to their profile. */
  onDeleted?: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const snackbar = useSnackbar();
  const router = useRouter();
  const gate = useVerificationGate();
  // Editing and deleting are publishing too (§6): not verified, the popup opens instead.
  const resource = { kind: item.type.id };
  const label = item.title ?? item.type.title;
  const remove = async () => {
    setBusy(true);
    try {
      await api.content.remove({ params: { id: item.id } });
      setConfirming(false);
      snackbar.show(contentMessages.publicationDeleted, { tone: "success" });
      if (onDeleted) onDeleted();
      else router.push(`/${encodeURIComponent(item.owner.slug)}`);
    } catch (error) {
      if (gate.refusedBy(error)) setConfirming(false);
      else snackbar.show(submitErrorMessage(error), { tone: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex items-center gap-1">
      {item.type.id !== "repost" ? (
        <Button asChild variant="tertiary" className="px-3">
          <Link
            href={editPathOf(item)}
            aria-label={`${sharedMessages.editAction}: ${label}`}
            onClick={(event) => {
              if (!gate.allows("content.write", resource)) event.preventDefault();
            }}
          >
            {sharedMessages.editAction}
          </Link>
        </Button>
      ) : null}
      <LazyDialog
        open={confirming}
        onOpenChange={(open) => {
          if (open && !gate.allows("content.write", resource)) return;
          setConfirming(open);
        }}
        title={
          item.type.id === "repost"
            ? contentMessages.repostDeleteAction
            : contentMessages.deletePublicationTitle
        }
        description={contentMessages.deletePublicationBody}
        trigger={
          <Button
            variant="tertiary"
            className="px-3 text-danger hover:text-danger"
            aria-label={`${sharedMessages.deleteAction}: ${label}`}
          >
            {sharedMessages.deleteAction}
          </Button>
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {commonMessages.cancel}
            </Button>
            <Button variant="danger" onClick={() => void remove()} disabled={busy} aria-busy={busy}>
              {sharedMessages.deleteAction}
            </Button>
          </>
        }
      />
    </div>
  );
}
