"use client";

import {
  format,
  KYB_DOCUMENT_ACCEPT,
  KYB_DOCUMENT_MAX_BYTES,
  KYB_DOCUMENTS_MAX,
  type KybTransaction,
} from "@vn/contract";
import { kybMessages } from "@vn/contract/messages/kyb";
import { sharedMessages } from "@vn/contract/messages/shared";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { UploadProgress } from "@/features/media/UploadProgress";
import { isAbort, sendImage } from "@/features/verification/send-image";
import { api } from "@/lib/api-client";
import { submitErrorMessage } from "@/lib/forms";
import { dayLabel, documentProblem, fileSizeLabel } from "./kyb-rules";
import { StepFooter } from "./StepFooter";
import { useKybRefresh } from "./use-kyb";

interface Upload {
  name: string;
  progress: number;
}

/**
 * Step 2: the registration documents. Each picked file is checked (type, size), sent with its
 * progress bar (cancellable), and listed; a listed one opens (the API serves its bytes, as a
 * download, to the company's owners only) and can be removed while the draft is open.
 */
export function DocumentsStep({
  transaction,
  companyId,
  onBack,
  onContinue,
}: {
  transaction: KybTransaction;
  companyId: string;
  onBack: () => void;
  onContinue: () => void;
}) {
  const snackbar = useSnackbar();
  const refresh = useKybRefresh(companyId);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const { documents, canEdit } = transaction;
  const full = documents.length >= KYB_DOCUMENTS_MAX;

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    setFailure(null);
    let room = KYB_DOCUMENTS_MAX - documents.length;
    for (const file of files) {
      if (room <= 0) {
        setFailure(format(kybMessages.kybTooManyDocuments, { count: KYB_DOCUMENTS_MAX }));
        break;
      }
      const problem = documentProblem(file);
      if (problem) {
        setFailure(problem);
        break;
      }
      const abort = new AbortController();
      controller.current = abort;
      setUpload({ name: file.name, progress: 0 });
      try {
        await sendImage({
          call: api.kyb.uploadDocument,
          path: {},
          file,
          fileName: file.name,
          signal: abort.signal,
          onProgress: (progress) => setUpload({ name: file.name, progress }),
        });
        room -= 1;
        await refresh();
        snackbar.show(kybMessages.kybDocumentAdded, { tone: "success" });
      } catch (error) {
        if (!isAbort(error)) setFailure(submitErrorMessage(error));
        break;
      } finally {
        setUpload(null);
      }
    }
  };

  const remove = async (id: string) => {
    setFailure(null);
    setRemoving(id);
    try {
      await api.kyb.removeDocument({ params: { id } });
      await refresh();
      snackbar.show(kybMessages.kybDocumentRemoved);
    } catch (error) {
      setFailure(submitErrorMessage(error));
    } finally {
      setRemoving(null);
    }
  };

  const blocked = upload !== null || removing !== null;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-[0.95rem] text-ink-muted">
        {format(kybMessages.kybDocumentsText, {
          size: KYB_DOCUMENT_MAX_BYTES / (1024 * 1024),
          count: KYB_DOCUMENTS_MAX,
        })}
      </p>
      {failure ? <Alert>{failure}</Alert> : null}
      <section aria-labelledby="kyb-documents" className="flex flex-col gap-3">
        <h3 id="kyb-documents" className="text-base font-semibold text-ink">
          {kybMessages.kybDocumentsHeading}
        </h3>
        {documents.length === 0 ? (
          <p className="text-sm text-ink-muted">{sharedMessages.documentsEmpty}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
            {documents.map((document) => (
              <li key={document.id} className="flex items-center gap-3 px-3 py-2">
                <Icon name="document" size={20} className="shrink-0 text-brand" />
                <div className="min-w-0 flex-1">
                  <a
                    href={api.kyb.readDocument.href({ params: { id: document.id } })}
                    aria-label={format(sharedMessages.companyVerificationOpen, { name: document.name })}
                    className="block truncate font-semibold text-brand hover:underline"
                  >
                    {document.name}
                  </a>
                  <p className="text-sm text-ink-muted">
                    {fileSizeLabel(document.size)} · {dayLabel(document.createdAt)}
                  </p>
                </div>
                {canEdit ? (
                  <Button
                    variant="tertiary"
                    aria-label={format(sharedMessages.removeEntry, { name: document.name })}
                    onClick={() => void remove(document.id)}
                    disabled={blocked}
                    aria-busy={removing === document.id}
                  >
                    <Icon name="close" size={18} />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {upload ? (
          <UploadProgress
            fileName={upload.name}
            progress={upload.progress}
            onCancel={() => controller.current?.abort()}
          />
        ) : null}
        {!canEdit ? null : full ? (
          <p className="text-sm text-ink-muted">
            {format(kybMessages.kybTooManyDocuments, { count: KYB_DOCUMENTS_MAX })}
          </p>
        ) : (
          <Button
            asChild
            variant="secondary"
            className="self-start focus-within:outline-2 focus-within:outline-brand aria-disabled:cursor-not-allowed aria-disabled:opacity-55"
          >
            <label aria-disabled={blocked ? true : undefined}>
              <Icon name="plus" size={18} />
              {sharedMessages.documentsAdd}
              <input
                type="file"
                accept={KYB_DOCUMENT_ACCEPT}
                multiple
                className="sr-only"
                disabled={blocked}
                onChange={(event) => void add(event)}
              />
            </label>
          </Button>
        )}
      </section>
      <StepFooter>
        <Button size="lg" variant="tertiary" onClick={onBack} disabled={blocked}>
          {kybMessages.kybBack}
        </Button>
        <Button size="lg" onClick={onContinue} disabled={blocked}>
          {sharedMessages.createProfileContinue}
        </Button>
      </StepFooter>
    </div>
  );
}
