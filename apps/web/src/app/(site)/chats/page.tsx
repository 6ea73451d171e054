import { commonMessages } from "@vn/contract/messages/common";
import type { Metadata } from "next";
import { Suspense } from "react";
import { ChatsView } from "@/features/chats/ChatsView";

export const metadata: Metadata = { title: commonMessages.chatsHeading, robots: { index: false } };

/** /chats (login required, §2; the proxy and AccessGuard send visitors to /login and back). */
export default function ChatsPage() {
  return (
    <Suspense fallback={null}>
      <ChatsView />
    </Suspense>
  );
}
