import { accountsMessages } from "@vn/contract/messages/accounts";
import type { Metadata } from "next";
import { Suspense } from "react";
import { NotAvailableView } from "@/features/accounts/NotAvailableView";

export const metadata: Metadata = { title: accountsMessages.notAvailableTitle, robots: { index: false } };

export default function NotAvailablePage() {
  return (
    <div className="mx-auto flex w-full max-w-[520px] flex-1 flex-col justify-center px-4 py-10 sm:py-16">
      <Suspense fallback={null}>
        <NotAvailableView />
      </Suspense>
    </div>
  );
}
