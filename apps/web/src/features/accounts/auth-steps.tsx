"use client";

import { commonMessages } from "@vn/contract/messages/common";
import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/Skeleton";

/**
 * /login's steps other than signing in (join, the emailed code, the second factor, the password
 * reset request, the deleted-account dialogs), split from the page's first load with their schemas
 * and zod (decision 0027, session 15). Each is rendered on the server as before when the page opens
 * on it (?mode=signup, ?step=two-factor), so its chunk comes with that page; a switch to one shows
 * this frame for the moment its chunk takes, and `preloadAuthSteps` starts them on first interest.
 */
function StepLoading({ rows }: { rows: number }) {
  return (
    <div className="flex flex-col gap-4" role="status" aria-label={commonMessages.loading}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder rows
        <Skeleton key={index} className="h-12 w-full" />
      ))}
    </div>
  );
}

const loadSignUp = () => import("./SignUpForm");
const loadForgot = () => import("./ForgotPasswordForm");

export const SignUpForm = dynamic(() => loadSignUp().then((module) => module.SignUpForm), {
  loading: () => <StepLoading rows={5} />,
});

export const ForgotPasswordForm = dynamic(() => loadForgot().then((module) => module.ForgotPasswordForm), {
  loading: () => <StepLoading rows={2} />,
});

export const EmailCodeStep = dynamic(() => import("./EmailCodeStep").then((module) => module.EmailCodeStep), {
  loading: () => <StepLoading rows={2} />,
});

export const TwoFactorStep = dynamic(() => import("./TwoFactorStep").then((module) => module.TwoFactorStep), {
  loading: () => <StepLoading rows={2} />,
});

/** Dialogs: nothing to show until the chunk is there (they open over the form). */
export const DeletedAccountDialogs = dynamic(
  () => import("./DeletedAccountDialogs").then((module) => module.DeletedAccountDialogs),
  { ssr: false },
);

let preloaded = false;

/** The join and reset forms' chunks, started when the pointer or keyboard first reaches the card. */
export function preloadAuthSteps(): void {
  if (preloaded) return;
  preloaded = true;
  void loadSignUp().catch(() => {
    preloaded = false;
  });
  void loadForgot().catch(() => undefined);
}
