import { sharedMessages } from "@vn/contract/messages/shared";
import type { Metadata } from "next";
import { Suspense } from "react";
import { KybInviteView } from "@/features/kyb/KybInviteView";

export const metadata: Metadata = { title: sharedMessages.kybInviteTitle, robots: { index: false } };

/**
 * /companies/kyb-invite?company=<slug>&status=accept|reject: the links of the director invitation
 * mail (issue 14; spec §4 "Company invitation by cookie"). Open to visitors: the page keeps the
 * answer in cookies and sends them to sign in.
 */
export default function KybInvitePage() {
  return (
    <Suspense fallback={null}>
      <KybInviteView />
    </Suspense>
  );
}
