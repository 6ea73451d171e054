import { commonMessages } from "@vn/contract/messages/common";
import type { Metadata } from "next";
import { Suspense } from "react";
import { SignOut } from "@/features/accounts/SignOut";

export const metadata: Metadata = { title: commonMessages.signOut, robots: { index: false } };

export default function LogoutPage() {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <Suspense fallback={null}>
        <SignOut />
      </Suspense>
    </div>
  );
}
