import { serverMessages } from "@vn/contract/messages/server";
import type { Metadata } from "next";
import { FollowListView } from "@/features/social/FollowListView";
import { decodePathSegment } from "@/lib/malformed-path";

export const metadata: Metadata = { title: serverMessages.followersTitle, robots: { index: false } };

export default async function FollowersPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return <FollowListView slug={decodePathSegment(slug)} direction="followers" />;
}
