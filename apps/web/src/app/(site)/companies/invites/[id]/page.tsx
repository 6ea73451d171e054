import { teamsMessages } from "@vn/contract/messages/teams";
import type { Metadata } from "next";
import { InvitationView } from "@/features/teams/InvitationView";

export const metadata: Metadata = { title: teamsMessages.teamInvitePageTitle, robots: { index: false } };

/** /companies/invites/{id}: the link of the team invitation mail (issue 14). */
export default async function TeamInvitationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <InvitationView id={id} />;
}
