"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useSWRConfig } from "swr";
import { configureResponseEffects } from "@/lib/api";
import { routes } from "@/lib/paths";
import { SESSION_KEY, type SessionUser, useSession } from "@/lib/session";
import { useSnackbar } from "./SnackbarProvider";

/** Hands the API client what the §4 response rules need: the session, the router, the snackbar. */
export function ResponseEffectsBridge() {
  const router = useRouter();
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const { user } = useSession();
  const userRef = useRef<SessionUser | null>(user);
  userRef.current = user;

  useEffect(() => {
    configureResponseEffects({
      getSession: () => {
        const current = userRef.current;
        return current ? { authenticated: true, slug: current.slug } : { authenticated: false };
      },
      afterSignOut: () => {
        userRef.current = null;
        void mutate(SESSION_KEY, null, { revalidate: false });
        router.replace(routes.login);
        snackbar.show(commonMessages.sessionExpired, { on: routes.login });
      },
      navigate: (to) => router.push(to),
    });
    return () => configureResponseEffects(null);
  }, [router, snackbar, mutate]);

  return null;
}
