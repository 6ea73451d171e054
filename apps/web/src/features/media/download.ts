import { commonMessages } from "@vn/contract/messages/common";
import { mediaMessages } from "@vn/contract/messages/media";
import { readErrorBody } from "@/lib/api-error";
import { viaWeb } from "./media-rules";

/**
 * Downloads a document's original: asks first (HEAD) whether it can be had, then lets the browser
 * save it (the API answers it as an attachment). Resolves with null, or the §8 message
 * "Could not download the file".
 */
export async function downloadFile(url: string | null | undefined): Promise<string | null> {
  const href = viaWeb(url);
  if (!href) return mediaMessages.downloadFailed;
  try {
    const response = await fetch(href, { method: "HEAD", credentials: "include" });
    if (!response.ok) return mediaMessages.downloadFailed;
  } catch {
    return mediaMessages.downloadFailed;
  }
  const link = document.createElement("a");
  link.href = href;
  link.download = "";
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  return null;
}

export type LoadedDocument = { blobUrl: string; problem: null } | { blobUrl: null; problem: string };

/**
 * The viewer's PDF, fetched through the web's /api forward and shown from a blob: URL (the web's
 * pages are never framed, X-Frame-Options DENY, and the blob needs no framing rights). Failing
 * answers give the §8 message the API sends (converting, unable to convert, damaged, not found).
 */
export async function loadDocument(url: string, signal?: AbortSignal): Promise<LoadedDocument> {
  try {
    const response = await fetch(url, { credentials: "include", signal });
    if (response.ok) {
      const blob = await response.blob();
      return { blobUrl: URL.createObjectURL(new Blob([blob], { type: "application/pdf" })), problem: null };
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    return { blobUrl: null, problem: readErrorBody(body).message ?? mediaMessages.documentNotFound };
  } catch {
    return { blobUrl: null, problem: commonMessages.errorSendingRequest };
  }
}
