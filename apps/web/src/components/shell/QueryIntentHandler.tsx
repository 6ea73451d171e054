"use client";

import { messages } from "@vn/contract";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { api } from "@/lib/api";
import { ApiError } from "@/lib/api-error";
import { decideQueryIntent } from "@/lib/query-intents";
import { useSession } from "@/lib/session";
import { useSnackbar } from "./SnackbarProvider";

/**
 * Acts on the query parameters of spec §2 that may appear on any page: type=invite&code=… and
 * intent=create-profile (see lib/query-intents.ts). A signed-in member's invitation is accepted
 * here; a visitor's is carried to the join form.
 */
export function QueryIntentHandler() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const router = useRouter();
  const snackbar = useSnackbar();
  const { user, isLoading } = useSession();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (isLoading) return;
    const intent = decideQueryIntent(pathname, search, user !== null);
    if (intent.type === "none") return;
    const key = `${pathname}?${search}`;
    if (handled.current === key) return;
    handled.current = key;
    if (intent.type === "redirect") {
      router.replace(intent.to);
      return;
    }
    void api
      .patch("/v1/user-invites", { code: intent.code })
      .catch((error: unknown) => {
        // §8: 409 → "no longer available"; 404 or 403 → the server's message.
        const text =
          error instanceof ApiError && error.status === 409
            ? messages.invitationUnavailable
            : error instanceof ApiError && !error.isNetworkError
              ? error.message
              : messages.invitationInvalid;
        snackbar.show(text, { tone: "error" });
      })
      .finally(() => router.replace(intent.rest));
  }, [pathname, search, user, isLoading, router, snackbar]);

  return null;
}
