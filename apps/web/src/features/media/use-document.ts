"use client";

import { useEffect, useState } from "react";
import { loadDocument } from "./download";
import { viaWeb } from "./media-rules";

/** The PDF of a document as a blob: URL for an iframe, or the reason it cannot be shown. */
export function useDocument(url: string | null | undefined) {
  const href = viaWeb(url);
  const [state, setState] = useState<{ src: string | null; problem: string | null; loading: boolean }>({
    src: null,
    problem: null,
    loading: Boolean(href),
  });
  useEffect(() => {
    if (!href) {
      setState({ src: null, problem: null, loading: false });
      return;
    }
    const abort = new AbortController();
    let created: string | null = null;
    setState({ src: null, problem: null, loading: true });
    void loadDocument(href, abort.signal).then((result) => {
      if (abort.signal.aborted) {
        if (result.blobUrl) URL.revokeObjectURL(result.blobUrl);
        return;
      }
      created = result.blobUrl;
      setState({ src: result.blobUrl, problem: result.problem, loading: false });
    });
    return () => {
      abort.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [href]);
  return state;
}
