import type { Metadata } from "next";
import { ProfileView } from "@/features/profiles/ProfileView";

interface ProfilePageProps {
  params: Promise<{ slug: string }>;
}

// Static, so the document has its title from the first byte (generated metadata streams in later);
// the view puts the person's name in it once known.
export const metadata: Metadata = { title: "Profile", robots: { index: false } };

/**
 * /{slug}: the profile page. This is its first, minimal form (issue 3: where the wizard ends);
 * the tabs, publications and the public view come with the profiles issue.
 */
export default async function ProfilePage({ params }: ProfilePageProps) {
  const { slug } = await params;
  return <ProfileView slug={decodeURIComponent(slug)} />;
}
