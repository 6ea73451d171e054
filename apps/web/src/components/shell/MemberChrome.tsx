"use client";

import dynamic from "next/dynamic";
import { useSession } from "@/lib/session";

/** Loaded only once there is a member (rendered on the server when the session is known there). */
const MemberChromeParts = dynamic(
  () => import("./MemberChromeParts").then((module) => module.MemberChromeParts),
  {
    loading: () => null,
  },
);

/**
 * The parts of the page frame that only a signed-in member has: the verification and moderation
 * banners under the header (when `banners`), and the watchers of subscription changes and of a
 * director invitation's cookies. A visitor's page carries none of their code.
 */
export function MemberChrome({ banners }: { banners: boolean }) {
  const { user } = useSession();
  return user ? <MemberChromeParts banners={banners} /> : null;
}
