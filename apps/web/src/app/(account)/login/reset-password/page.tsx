import { accountsMessages } from "@vn/contract/messages/accounts";
import type { Metadata } from "next";
import { Suspense } from "react";
import { Skeleton } from "@/components/ui/Skeleton";
import { ResetPasswordForm } from "@/features/accounts/ResetPasswordForm";

export const metadata: Metadata = { title: accountsMessages.resetTitle, robots: { index: false } };

export default function ResetPasswordPage() {
  return (
    <div className="mx-auto flex w-full max-w-[440px] flex-1 flex-col justify-center px-4 py-8 sm:py-14">
      <Suspense fallback={<Skeleton className="h-[26rem] w-full rounded-card" />}>
        <ResetPasswordForm />
      </Suspense>
    </div>
  );
}
