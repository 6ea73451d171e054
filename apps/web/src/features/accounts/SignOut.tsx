"use client";

import { accountsMessages } from "@vn/contract/messages/accounts";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { useSWRConfig } from "swr";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { signOutRequest } from "@/lib/api";
import { routes } from "@/lib/paths";
import { SESSION_KEY } from "@/lib/session";
import { signOutNotice } from "./sign-out-notice";

/**
 * /logout (spec §2): sign out (a failed call is ignored), forget every cached response, go to
 * /login and say "Logged out", or the custom ?message= when it names one of the notices allowed
 * there (sign-out-notice.ts): never text from the address itself.
 */
export function SignOut() {
  const router = useRouter();
  const custom = useSearchParams().get("message");
  const { mutate } = useSWRConfig();
  const snackbar = useSnackbar();
  const started = useRef(false);

  useEffect(() => {
    // React runs effects twice in development; sign out once.
    if (started.current) return;
    started.current = true;
    const text = signOutNotice(custom);
    void (async () => {
      await signOutRequest();
      await mutate(() => true, undefined, { revalidate: false });
      await mutate(SESSION_KEY, null, { revalidate: false });
      router.replace(routes.login);
      // Pages kept by the router were rendered for the signed-in person: never show them again.
      router.refresh();
      snackbar.show(text, { on: routes.login });
    })();
  }, [custom, mutate, router, snackbar]);

  return (
    <div className="flex flex-col items-center gap-4 text-center" role="status">
      <span
        className="size-10 animate-spin rounded-full border-4 border-brand-soft border-t-brand"
        aria-hidden="true"
      />
      <p className="text-base font-medium text-ink">{accountsMessages.signingOut}</p>
    </div>
  );
}
