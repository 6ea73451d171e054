import { SESSION_COOKIE_NAME, SESSION_COOKIE_NAME_SECURE } from "@vn/contract";
import { socialMessages } from "@vn/contract/messages/social";
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { serverGet } from "@/features/content/server-api";
import { HomeView } from "@/features/social/HomeView";
import { api } from "@/lib/api-client";
import { decodePathSegment } from "@/lib/malformed-path";

/**
 * Cards in the first HTML: more than a phone's or a desktop's first screen holds, not the API's
 * whole page. Every card rendered here is hydrated before the page answers a tap (10 cards cost a
 * phone about a second of main thread); the next page follows by cursor as the reader scrolls.
 */
const FIRST_CARDS = 4;

export const metadata: Metadata = { title: socialMessages.homeHeading, robots: { index: false } };

/**
 * The signed-in person's home (spec §2 home route). The session, the getting-started checklist and
 * the feed's first page are read here, side by side: the first HTML already holds the frame the
 * home settles in ("start a post", the checklist) and the first cards, so nothing is pushed down
 * after hydration and the largest paint does not wait for the browser to run the page and ask the
 * API (0027). Without a session cookie (or when the API fails) the browser finds them out as before.
 */
export default async function HomePage({ params }: { params: Promise<{ slug: string }> }) {
  const slug = decodePathSegment((await params).slug);
  const jar = await cookies();
  const hasSession = jar.has(SESSION_COOKIE_NAME) || jar.has(SESSION_COOKIE_NAME_SECURE);
  const [session, checklist, feed] = hasSession
    ? await Promise.all([
        serverGet(api.accounts.me),
        serverGet(api.onboarding.checklist),
        serverGet(api.social.feed, { query: { perPage: FIRST_CARDS } }),
      ])
    : [null, null, null];
  // The feed's page is only this person's when the home is theirs (another's sends them to their own).
  const own = session?.data?.slug.toLowerCase() === slug.toLowerCase();
  return (
    <HomeView
      slug={slug}
      initialUser={session?.data ?? undefined}
      initialChecklist={checklist?.data ?? undefined}
      initialFeed={
        own && feed?.data && feed.meta
          ? { page: { data: feed.data, meta: feed.meta }, servedAt: Date.now() }
          : undefined
      }
    />
  );
}
