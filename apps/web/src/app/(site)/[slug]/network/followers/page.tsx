import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { FollowListView } from "@/features/social/FollowListView";

export const metadata: Metadata = { title: messages.followersTitle, robots: { index: false } };

export default async function FollowersPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return <FollowListView slug={decodeURIComponent(slug)} direction="followers" />;
}
