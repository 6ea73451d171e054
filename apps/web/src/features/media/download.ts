import { messages } from "@vn/contract";
import { readErrorBody } from "@/lib/api-error";
import { viaWeb } from "./media-rules";

/**
 * Downloads a document's original: asks first (HEAD) whether it can be had, then lets the browser
 * save it (the API answers it as an attachment). Resolves with null, or the §8 message
 * "Could not download the file".
 */
export async function downloadFile(url: string | null | undefined): Promise<string | null> {
  const href = viaWeb(url);
  if (!href) return messages.downloadFailed;
  try {
    const response = await fetch(href, { method: "HEAD", credentials: "include" });
    if (!response.ok) return messages.downloadFailed;
  } catch {
    return messages.downloadFailed;
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

/** Whether the viewer's PDF is there; else the §8 message the API gives (converting, damaged, …). */
export async function documentProblem(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, {
      method: "GET",
      headers: { Range: "bytes=0-0" },
      credentials: "include",
    });
    if (response.ok) {
      void response.body?.cancel();
      return null;
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    return readErrorBody(body).message ?? messages.documentNotFound;
  } catch {
    return messages.errorSendingRequest;
  }
}
