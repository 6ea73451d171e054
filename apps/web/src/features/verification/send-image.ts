/**
 * One image to a multipart row of the verification endpoints (the capture page's photos, the
 * documents a request for information asks for), by XMLHttpRequest for its upload progress. The
 * answer is trusted as typed, as every call of the typed client is; a refusal becomes the same
 * ApiError with the API's own message (wrong type, too large, too small…).
 */
import type { EndpointDefinition, ResponseOf } from "@vn/contract";
import type { ApiCall, PathInput } from "@/lib/api-client";
import { toApiError } from "@/lib/api-error";

export interface SendImageInput<E extends EndpointDefinition> {
  call: ApiCall<E>;
  path: PathInput<E>;
  /** Fields before the file, in order (the capture's `side` comes first, as its row says). */
  fields?: Record<string, string>;
  file: Blob;
  fileName: string;
  /** 0…1 as the bytes go. */
  onProgress?: (progress: number) => void;
  signal?: AbortSignal;
}

export function sendImage<E extends EndpointDefinition>(input: SendImageInput<E>): Promise<ResponseOf<E>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
  form.append("file", input.file, input.fileName);
  const { call, signal } = input;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(call.route.method, call.href(...([input.path] as Parameters<ApiCall<E>["href"]>)));
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) input.onProgress?.(event.loaded / event.total);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => signal?.removeEventListener("abort", onAbort);
    xhr.onload = () => {
      done();
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(toApiError(xhr.status, body));
        return;
      }
      resolve(body as ResponseOf<E>);
    };
    xhr.onerror = () => {
      done();
      reject(toApiError(0, null));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException("The upload was cancelled", "AbortError"));
    };
    xhr.send(form);
  });
}

/** True for the abort a cancelled upload ends with (nothing to tell the person). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
