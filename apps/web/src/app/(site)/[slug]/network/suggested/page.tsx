import { socialMessages } from "@vn/contract/messages/social";
import type { Metadata } from "next";
import { HomeView } from "@/features/social/HomeView";
import { decodePathSegment } from "@/lib/malformed-path";

export const metadata: Metadata = { title: socialMessages.homeHeading, robots: { index: false } };

/** The signed-in person's home (spec §2 home route). */
export default async function HomePage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return <HomeView slug={decodePathSegment(slug)} />;
}
