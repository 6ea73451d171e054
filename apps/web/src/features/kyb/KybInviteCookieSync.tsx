"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { isUnder, routes } from "@/lib/paths";
import { useSession } from "@/lib/session";
import { KYB_INVITE_PATH, kybInvitePath, readKybInvite } from "./invite-cookies";

/**
 * Anywhere in the app (the page chrome): a director invitation's cookies left from before signing
 * in or finishing the profile (spec §4: processed once the user is logged in and the profile is
 * completed) are answered as soon as the session is active, on the invitation page, which then
 * clears them. Once per mount; never from sign-in or sign-out themselves (they navigate on their
 * own). Renders nothing.
 */
export function KybInviteCookieSync() {
  const { user } = useSession();
  const pathname = usePathname();
  const router = useRouter();
  const done = useRef(false);
  const active = user?.status.id === "active";

  useEffect(() => {
    if (done.current || !active) return;
    if ([KYB_INVITE_PATH, routes.login, routes.logout].some((base) => isUnder(pathname, base))) return;
    const invite = readKybInvite();
    if (!invite) return;
    done.current = true;
    router.push(kybInvitePath(invite));
  }, [active, pathname, router]);

  return null;
}
