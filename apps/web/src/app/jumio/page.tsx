import { verificationMessages } from "@vn/contract/messages/verification";
import type { Metadata } from "next";
import { Suspense } from "react";
import { PageChrome } from "@/components/shell/PageChrome";
import { CapturePage } from "@/features/verification/CapturePage";

export const metadata: Metadata = { title: verificationMessages.captureTitle, robots: { index: false } };

/**
 * /jumio (§2): the sandbox vendor's hosted capture page, a guided step of its own: the logo only,
 * no search or footer to wander off to.
 */
export default function JumioPage() {
  return (
    <PageChrome minimalHeader hideFooter>
      <Suspense fallback={null}>
        <CapturePage />
      </Suspense>
    </PageChrome>
  );
}
