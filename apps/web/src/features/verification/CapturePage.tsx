"use client";

import {
  captureSessionParamsSchema,
  captureSubmitRequestSchema,
  type IdvCaptureSide,
  type IdvDocumentType,
  idvDocumentTypeInfo,
} from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { verificationMessages } from "@vn/contract/messages/verification";
import { useSearchParams } from "next/navigation";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Input } from "@/components/ui/Input";
import { Select } from "@/components/ui/Select";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { fieldErrorsOf, submitErrorMessage } from "@/lib/forms";
import { routes } from "@/lib/paths";
import { useResource } from "@/lib/use-resource";
import { CaptureSideField } from "./CaptureSideField";
import { StepCard, StepSkeleton } from "./StepCard";
import { captureComplete, captureSidesFor } from "./verification-rules";

const sideLabels: Record<IdvCaptureSide, string> = {
  front: verificationMessages.captureFront,
  back: verificationMessages.captureBack,
  selfie: verificationMessages.captureSelfie,
};

interface CaptureFormProps {
  token: string;
  documentTypes: IdvDocumentType[];
  images: Record<IdvCaptureSide, boolean>;
}

function CaptureForm({ token, documentTypes, images }: CaptureFormProps) {
  const [documentType, setDocumentType] = useState<IdvDocumentType | "">(
    documentTypes.length === 1 ? (documentTypes[0] ?? "") : "",
  );
  const [documentNumber, setDocumentNumber] = useState("");
  const [arrived, setArrived] = useState<Record<IdvCaptureSide, boolean>>(images);
  const [errors, setErrors] = useState<{ documentType?: string; documentNumber?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sides = captureSidesFor(documentType || null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = captureSubmitRequestSchema.safeParse({
      documentType: documentType || undefined,
      documentNumber,
    });
    const next: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "documentType" || field === "documentNumber") && !next[field])
          next[field] = issue.message;
      }
    }
    setErrors(next);
    if (!parsed.success) return;
    if (!captureComplete(parsed.data.documentType, arrived)) {
      setFormError(verificationMessages.verificationCaptureIncomplete);
      return;
    }
    setBusy(true);
    try {
      const { data } = await api.verification.captureSubmit({ params: { token }, body: parsed.data });
      // Back to where the verification continues (our processing screen).
      window.location.assign(data.returnUrl);
    } catch (error) {
      setBusy(false);
      const fields = fieldErrorsOf(error);
      if (fields.documentType || fields.documentNumber) {
        setErrors({ documentType: fields.documentType, documentNumber: fields.documentNumber });
      } else setFormError(submitErrorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      {formError ? <Alert>{formError}</Alert> : null}
      <Select
        label={verificationMessages.captureDocumentType}
        placeholder={verificationMessages.captureDocumentTypePlaceholder}
        options={documentTypes.map((type) => ({ value: type, label: idvDocumentTypeInfo[type].label }))}
        value={documentType}
        onChange={(event) => {
          setDocumentType(event.target.value as IdvDocumentType | "");
          setErrors((current) => ({ ...current, documentType: undefined }));
        }}
        error={errors.documentType}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {sides.map((side) => (
          <CaptureSideField
            key={side}
            token={token}
            side={side}
            label={sideLabels[side]}
            arrived={arrived[side]}
            onUploaded={(done) => setArrived((current) => ({ ...current, [done]: true }))}
          />
        ))}
      </div>
      <Input
        label={verificationMessages.captureDocumentNumber}
        value={documentNumber}
        onChange={(event) => {
          setDocumentNumber(event.target.value);
          setErrors((current) => ({ ...current, documentNumber: undefined }));
        }}
        error={errors.documentNumber}
        hint={verificationMessages.captureSandboxNote}
        autoComplete="off"
        maxLength={30}
      />
      <div className="flex flex-col-reverse gap-2 border-t border-line pt-5 sm:flex-row sm:justify-end">
        <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
          {busy ? verificationMessages.captureSubmitting : verificationMessages.captureSubmit}
        </Button>
      </div>
    </form>
  );
}

function ClosedSession({ returnUrl }: { returnUrl: string | null }) {
  return (
    <StepCard
      icon="lock"
      tone="warning"
      title={verificationMessages.captureTitle}
      text={verificationMessages.captureExpired}
      actions={
        <Button asChild size="lg">
          <a href={returnUrl ?? routes.verification}>{verificationMessages.verificationElsewhereAction}</a>
        </Button>
      }
    />
  );
}

/**
 * /jumio?session=<token>: the sandbox vendor's hosted capture page (the session token is the
 * credential, as a vendor's link is). Document type, its photos (the back only where it has one)
 * and a selfie, each sent as it is chosen; the document number (its last four digits pick the
 * sandbox's outcome); then back to the returnUrl the vendor gives.
 */
export function CapturePage() {
  const token = useSearchParams().get("session") ?? "";
  const valid = captureSessionParamsSchema.safeParse({ token }).success;
  const session = useResource(api.verification.captureSession, valid ? { params: { token } } : null, {
    revalidateOnFocus: false,
  });
  if (!valid) return <ClosedSession returnUrl={null} />;
  const data = session.data?.data;
  if (session.error) {
    const gone =
      session.error instanceof ApiError && (session.error.status === 404 || session.error.status === 409);
    if (gone) return <ClosedSession returnUrl={null} />;
    return (
      <StepCard icon="alert" tone="danger" title={verificationMessages.captureTitle}>
        <Alert>{submitErrorMessage(session.error)}</Alert>
        <Button variant="secondary" className="self-start" onClick={() => void session.mutate()}>
          {commonMessages.tryAgain}
        </Button>
      </StepCard>
    );
  }
  if (!data) return <StepSkeleton label={commonMessages.loading} />;
  if (data.status !== "open") return <ClosedSession returnUrl={data.returnUrl} />;
  return (
    <StepCard
      icon="shield"
      title={verificationMessages.captureTitle}
      text={verificationMessages.captureIntro}
      wide
    >
      <CaptureForm token={token} documentTypes={data.documentTypes} images={data.images} />
    </StepCard>
  );
}
