"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useSignInPrompt } from "@/features/accounts/SignInDialog";
import { useSession } from "@/lib/session";

/**
 * Part of the cached anonymous render of profile and detail pages (docs/decisions/0010). A signed-in
 * person can be shown that render by the browser's router cache: they looked at the page without a
 * session, signed in, and were sent back to it by a client navigation, which reuses the payload
 * Next kept for the URL. Once the session is known, this asks the server again; with the session
 * cookie now sent, that is the personalised render (owner actions, drafts, followed).
 */
export function AnonymousRenderRefresh() {
  const router = useRouter();
  const { user } = useSession();
  // Signed in through the sign-in dialog: it renders the page for the person itself (and replays
  // what they pressed after that render), so a second refresh here is not wanted.
  const { replayReady } = useSignInPrompt();
  const refreshed = useRef(false);
  useEffect(() => {
    if (!user || refreshed.current) return;
    refreshed.current = true;
    if (replayReady) router.refresh();
  }, [user, router, replayReady]);
  return null;
}
