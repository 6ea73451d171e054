import { socialMessages } from "@vn/contract/messages/social";
import type { Metadata } from "next";
import { FollowListView } from "@/features/social/FollowListView";
import { decodePathSegment } from "@/lib/malformed-path";

export const metadata: Metadata = { title: socialMessages.followingAction, robots: { index: false } };

export default async function FollowingPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return <FollowListView slug={decodePathSegment(slug)} direction="following" />;
}
