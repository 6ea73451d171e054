import { moderationMessages } from "@vn/contract/messages/moderation";
import type { Metadata } from "next";
import { AppealLinkView } from "@/features/moderation/AppealLinkView";

export const metadata: Metadata = { title: moderationMessages.appealLinkTitle, robots: { index: false } };

/** A suspended person's appeal, from the signed link in their mail (they cannot sign in). */
export default async function ModerationAppealPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <div className="mx-auto flex w-full max-w-[600px] flex-1 flex-col gap-4 px-4 py-10 sm:py-16">
      <AppealLinkView token={token} />
    </div>
  );
}
