/**
 * Resumable, cancellable uploads (issue 5): `api.media.createUpload` → `media.putPart` parts of
 * `chunkSize` at the server's offset (XHR, for upload progress) → `media.completeUpload`. A dropped
 * part is resumed from the offset the server reports (`media.uploadStatus`); cancelling aborts the
 * part in flight and cancels the upload (`media.cancelUpload`).
 */
import type { ImageCrops, Media, UploadSession, UploadType } from "@vn/contract";
import { type AnswerOf, api, endpointHref } from "@/lib/api-client";
import { ApiError, toApiError } from "@/lib/api-error";
import { nextPart, uploadProgress } from "./media-rules";

export interface UploadInput {
  file: File;
  uploadType: UploadType;
  title?: string;
  description?: string;
  crops?: ImageCrops;
  onProgress?: (progress: number) => void;
  /** The upload session exists (cancel needs its id). */
  onSession?: (id: string) => void;
  signal?: AbortSignal;
}

const RESUME_TRIES = 3;

function abortError(): DOMException {
  return new DOMException("The upload was cancelled", "AbortError");
}

function putPart(
  sessionId: string,
  offset: number,
  blob: Blob,
  onSent: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<UploadSession> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const { route } = api.media.putPart;
    // The offset is written out here: the query rules (§5) would drop the first part's 0.
    xhr.open("PUT", `${endpointHref(route, { params: { id: sessionId } })}?offset=${offset}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => onSent(event.loaded);
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    xhr.onload = () => {
      signal?.removeEventListener("abort", onAbort);
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(toApiError(xhr.status, body));
        return;
      }
      // Trusted as typed, as every answer of the typed client is.
      resolve((body as AnswerOf<typeof api.media.putPart>).data);
    };
    xhr.onerror = () => {
      signal?.removeEventListener("abort", onAbort);
      reject(new ApiError(0, null, "network"));
    };
    xhr.onabort = () => reject(abortError());
    xhr.send(blob);
  });
}

/** Uploads one file; resolves with the media (images ready, others media-processing). */
export async function uploadMedia(input: UploadInput): Promise<Media> {
  const { file, signal } = input;
  const { data: session } = await api.media.createUpload({
    body: {
      uploadType: input.uploadType,
      fileName: file.name,
      size: file.size,
      title: input.title || undefined,
      description: input.description || undefined,
      crops: input.crops,
    },
    signal,
  });
  input.onSession?.(session.id);
  let offset = session.offset;
  let tries = 0;
  input.onProgress?.(0);
  for (;;) {
    if (signal?.aborted) throw abortError();
    const part = nextPart(offset, file.size, session.chunkSize);
    if (!part) break;
    try {
      const next = await putPart(
        session.id,
        part.start,
        file.slice(part.start, part.end),
        (sent) => input.onProgress?.(uploadProgress(part.start, sent, file.size)),
        signal,
      );
      offset = next.offset;
      tries = 0;
    } catch (error) {
      if (signal?.aborted || (error instanceof DOMException && error.name === "AbortError")) throw error;
      const resumable =
        error instanceof ApiError &&
        (error.status === 0 || error.status >= 500 || error.code === "upload_offsetMismatch");
      if (!resumable || tries >= RESUME_TRIES) throw error;
      tries += 1;
      await new Promise((r) => setTimeout(r, 500 * tries));
      // Where the server stands is where the next part starts.
      offset = (await api.media.uploadStatus({ params: { id: session.id }, signal })).data.offset;
    }
    input.onProgress?.(uploadProgress(offset, 0, file.size));
  }
  const { data: media } = await api.media.completeUpload({
    params: { id: session.id },
    signal,
    timeoutMs: 120_000,
  });
  return media;
}

/** Cancels an upload on the server (its stored parts are deleted); failures are ignored. */
export async function cancelUploadSession(id: string): Promise<void> {
  try {
    await api.media.cancelUpload({ params: { id } });
  } catch {
    // Gone already, or offline: the sweep deletes abandoned uploads.
  }
}
