import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { Suspense } from "react";
import { Skeleton } from "@/components/ui/Skeleton";
import { AuthScreen } from "@/features/accounts/AuthScreen";

export const metadata: Metadata = { title: `${messages.signIn} or ${messages.joinNow.toLowerCase()}` };

export default function LoginPage() {
  return (
    <div className="mx-auto flex w-full max-w-[440px] flex-1 flex-col justify-center px-4 py-8 sm:py-14">
      {/* The screen reads the query (?mode, ?redirect, ?type=invite…), which exists only in the browser. */}
      <Suspense fallback={<Skeleton className="h-[34rem] w-full rounded-card" />}>
        <AuthScreen />
      </Suspense>
    </div>
  );
}
