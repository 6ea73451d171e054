import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { Suspense } from "react";
import { Skeleton } from "@/components/ui/Skeleton";
import { LoginForm } from "@/features/accounts/LoginForm";

export const metadata: Metadata = { title: messages.signInTitle };

export default function LoginPage() {
  return (
    <div className="mx-auto flex w-full max-w-[420px] flex-1 flex-col justify-center px-4 py-10 sm:py-16">
      {/* The form reads ?redirect=, which exists only in the browser. */}
      <Suspense fallback={<Skeleton className="h-[30rem] w-full rounded-card" />}>
        <LoginForm />
      </Suspense>
    </div>
  );
}
