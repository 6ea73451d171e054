"use client";

import { useEffect, useState } from "react";
import { api } from "@/lib/api-client";

/**
 * Whether the API keeps a dev outbox (no SMTP server: development only). It answers 404 when mail
 * really goes out, and then the link stays hidden. A plain fetch: a 404 here is an answer, not
 * something the API client's response rules should react to.
 */
export function useDevOutbox(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch(api.dev.outbox.href({ query: { limit: 1 } }), { signal: controller.signal, credentials: "omit" })
      .then((response) => setAvailable(response.ok))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return available;
}

export function devOutboxUrl(email: string): string {
  return api.dev.outboxView.href({ query: { to: email } });
}
