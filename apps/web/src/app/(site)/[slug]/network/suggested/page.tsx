import { SESSION_COOKIE_NAME, SESSION_COOKIE_NAME_SECURE } from "@vn/contract";
import { socialMessages } from "@vn/contract/messages/social";
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { serverGet } from "@/features/content/server-api";
import { HomeView } from "@/features/social/HomeView";
import { api } from "@/lib/api-client";
import { decodePathSegment } from "@/lib/malformed-path";

export const metadata: Metadata = { title: socialMessages.homeHeading, robots: { index: false } };

/**
 * The signed-in person's home (spec §2 home route). The session and the getting-started checklist
 * are read here, so the first HTML already holds the frame the home settles in ("start a post",
 * the checklist, the feed's placeholders) and nothing is pushed down after hydration (0027).
 * Without a session cookie (or when the API fails) the browser finds them out as before.
 */
export default async function HomePage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const jar = await cookies();
  const hasSession = jar.has(SESSION_COOKIE_NAME) || jar.has(SESSION_COOKIE_NAME_SECURE);
  const [session, checklist] = hasSession
    ? await Promise.all([serverGet(api.accounts.me), serverGet(api.onboarding.checklist)])
    : [null, null];
  return (
    <HomeView
      slug={decodePathSegment(slug)}
      initialUser={session?.data ?? undefined}
      initialChecklist={checklist?.data ?? undefined}
    />
  );
}
