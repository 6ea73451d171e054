import { verificationMessages } from "@vn/contract/messages/verification";
import type { Metadata } from "next";
import { Suspense } from "react";
import { DocumentsScreen } from "@/features/verification/DocumentsScreen";

export const metadata: Metadata = { title: verificationMessages.documentsTitle, robots: { index: false } };

/** /verification/documents: upload the documents asked for. */
export default function DocumentsPage() {
  return (
    <Suspense fallback={null}>
      <DocumentsScreen />
    </Suspense>
  );
}
