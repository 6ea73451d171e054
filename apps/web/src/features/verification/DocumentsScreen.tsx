"use client";

import { format, IDV_EXTRA_DOCUMENTS_MAX } from "@vn/contract";
import { sharedMessages } from "@vn/contract/messages/shared";
import { verificationMessages } from "@vn/contract/messages/verification";
import { useRouter } from "next/navigation";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { UploadProgress } from "@/features/media/UploadProgress";
import { api } from "@/lib/api-client";
import { submitErrorMessage } from "@/lib/forms";
import { routes } from "@/lib/paths";
import { RequestedDocuments } from "./RequestedDocuments";
import { StepCard } from "./StepCard";
import { isAbort, sendImage } from "./send-image";
import { useRefreshVerification } from "./use-verification-state";
import { VerificationStep } from "./VerificationStep";

interface Upload {
  name: string;
  progress: number;
}

const timeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

function DocumentsForm({ documents }: { documents: { id: string; createdAt: string }[] }) {
  const router = useRouter();
  const snackbar = useSnackbar();
  const refresh = useRefreshVerification();
  const [upload, setUpload] = useState<Upload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const full = documents.length >= IDV_EXTRA_DOCUMENTS_MAX;

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    setError(null);
    for (const file of files) {
      const abort = new AbortController();
      controller.current = abort;
      setUpload({ name: file.name, progress: 0 });
      try {
        await sendImage({
          call: api.verification.uploadDocument,
          path: {},
          file,
          fileName: file.name,
          signal: abort.signal,
          onProgress: (progress) => setUpload({ name: file.name, progress }),
        });
        await refresh();
      } catch (failure) {
        if (!isAbort(failure)) setError(submitErrorMessage(failure));
        break;
      } finally {
        setUpload(null);
      }
    }
  };

  const remove = async (id: string) => {
    setError(null);
    try {
      await api.verification.removeDocument({ params: { documentId: id } });
      await refresh();
    } catch (failure) {
      setError(submitErrorMessage(failure));
    }
  };

  const send = async () => {
    setError(null);
    setBusy(true);
    try {
      const { data: state } = await api.verification.submitDocuments();
      await refresh(state);
      snackbar.show(verificationMessages.documentsSent, { tone: "success" });
      router.push(routes.verificationStep(state.screen));
    } catch (failure) {
      setError(submitErrorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <>
      {error ? <Alert>{error}</Alert> : null}
      <section aria-labelledby="documents-list" className="flex flex-col gap-3">
        <h2 id="documents-list" className="text-base font-semibold text-ink">
          {verificationMessages.documentsListHeading}
        </h2>
        {documents.length === 0 ? (
          <p className="text-sm text-ink-muted">{sharedMessages.documentsEmpty}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
            {documents.map((document, index) => {
              const name = format(verificationMessages.documentName, { number: index + 1 });
              return (
                <li key={document.id} className="flex items-center gap-3 px-3 py-2">
                  <Icon name="document" size={20} className="shrink-0 text-brand" />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-ink">{name}</p>
                    <p className="text-sm text-ink-muted">
                      {timeFormat.format(new Date(document.createdAt))}
                    </p>
                  </div>
                  <Button
                    variant="tertiary"
                    aria-label={format(sharedMessages.removeEntry, { name })}
                    onClick={() => void remove(document.id)}
                    disabled={busy}
                  >
                    <Icon name="close" size={18} />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {upload ? (
          <UploadProgress
            fileName={upload.name}
            progress={upload.progress}
            onCancel={() => controller.current?.abort()}
          />
        ) : null}
        {full ? (
          <p className="text-sm text-ink-muted">
            {format(verificationMessages.verificationTooManyDocuments, { count: IDV_EXTRA_DOCUMENTS_MAX })}
          </p>
        ) : (
          <Button
            asChild
            variant="secondary"
            className="self-start focus-within:outline-2 focus-within:outline-brand aria-disabled:cursor-not-allowed aria-disabled:opacity-55"
          >
            <label aria-disabled={upload !== null || busy ? true : undefined}>
              <Icon name="plus" size={18} />
              {sharedMessages.documentsAdd}
              <input
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                disabled={upload !== null || busy}
                onChange={(event) => void add(event)}
              />
            </label>
          </Button>
        )}
      </section>
      <div className="flex flex-col-reverse gap-2 border-t border-line pt-5 sm:flex-row sm:justify-end">
        <Button
          size="lg"
          onClick={() => void send()}
          disabled={busy || upload !== null || documents.length === 0}
          aria-busy={busy}
        >
          {busy ? verificationMessages.documentsSending : verificationMessages.documentsSubmit}
        </Button>
      </div>
    </>
  );
}

/** /verification/documents: upload what the vendor asked for (with progress), list, remove, send. */
export function DocumentsScreen() {
  return (
    <VerificationStep route="documents">
      {(state) => (
        <StepCard
          icon="document"
          title={verificationMessages.documentsTitle}
          text={verificationMessages.documentsHint}
        >
          <RequestedDocuments text={state.transaction?.requestedDocuments} />
          <DocumentsForm documents={state.transaction?.extraDocuments ?? []} />
        </StepCard>
      )}
    </VerificationStep>
  );
}
