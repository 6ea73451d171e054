"use client";

import { socialMessages } from "@vn/contract/messages/social";
import { useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { useIntentReplay, useSignInPrompt } from "@/features/accounts/SignInDialog";
import { useVerificationGate } from "@/features/verification/use-verification-gate";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { cn } from "@/lib/cn";
import { useSession } from "@/lib/session";

export interface FollowState {
  followed: boolean;
  followersCount: number;
}

/** Follow fails with the catalogue's text when the API gave one; otherwise §8's sentences. */
export function followErrorText(error: unknown, following: boolean): string {
  if (error instanceof ApiError && error.code && !error.isNetworkError && error.status < 500)
    return error.message;
  return following ? socialMessages.followFailed : socialMessages.followUpdateFailed;
}

export interface FollowButtonProps {
  slug: string;
  name: string;
  initial: FollowState;
  /** Live mode: shown but inert. (A visitor's press opens the sign-in dialog.) */
  disabled?: boolean;
  onChange?: (state: FollowState) => void;
  size?: "md" | "sm";
  className?: string;
}

/** Follow / Following (hover shows the way to unfollow), optimistic, with §8 failure messages. */
export function FollowButton({
  slug,
  name,
  initial,
  disabled,
  onChange,
  size = "md",
  className,
}: FollowButtonProps) {
  const snackbar = useSnackbar();
  const gate = useVerificationGate();
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState(false);
  const { user } = useSession();
  const signIn = useSignInPrompt();
  const toggle = async () => {
    if (busy || disabled) return;
    // A visitor signs in first, in the dialog; the follow is made once they have (issue 18).
    if (!user) {
      signIn.prompt({ action: "follow", target: slug, name });
      return;
    }
    // Read-only people (a final rejection, an appeal) get the popup with the appeal instead (§6).
    if (!gate.allows("follows.write")) return;
    const following = !state.followed;
    const before = state;
    const optimistic = {
      followed: following,
      followersCount: Math.max(0, state.followersCount + (following ? 1 : -1)),
    };
    setState(optimistic);
    setBusy(true);
    try {
      const input = { params: { slug } };
      const { data: next } = following ? await api.social.follow(input) : await api.social.unfollow(input);
      setState(next);
      onChange?.(next);
    } catch (error) {
      setState(before);
      if (!gate.refusedBy(error)) snackbar.show(followErrorText(error, following), { tone: "error" });
    } finally {
      setBusy(false);
    }
  };
  // Signed in from the dialog after pressing Follow here: follow now (once).
  useIntentReplay("follow", slug, !disabled, () => {
    if (!state.followed) void toggle();
  });
  return (
    <Button
      type="button"
      variant={state.followed ? "secondary" : "primary"}
      disabled={disabled}
      aria-busy={busy}
      onClick={() => void toggle()}
      className={cn(size === "sm" && "min-h-9 px-3 text-sm", "group", className)}
      data-followers={state.followersCount}
    >
      <Icon
        name={state.followed ? "check" : "plus"}
        size={18}
        className={cn(size === "sm" && "max-sm:hidden")}
      />
      {state.followed ? socialMessages.followingAction : socialMessages.followAction}
      <span className="sr-only"> {name}</span>
    </Button>
  );
}
