"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { Toast } from "radix-ui";
import { cn } from "@/lib/cn";
import { Icon } from "./Icon";

export type SnackbarTone = "neutral" | "success" | "error";

export interface SnackbarProps {
  message: string;
  tone?: SnackbarTone;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  duration?: number;
}

const icons = { neutral: null, success: "checkCircle", error: "alert" } as const;

/** One snackbar; SnackbarProvider stacks them in a labelled live region (Radix Toast). */
export function Snackbar({ message, tone = "neutral", open, onOpenChange, duration }: SnackbarProps) {
  const icon = icons[tone];
  return (
    <Toast.Root
      open={open}
      onOpenChange={onOpenChange}
      duration={duration}
      type={tone === "error" ? "foreground" : "background"}
      className={cn(
        "pointer-events-auto flex w-full items-center gap-3 rounded-lg bg-[#1d2226] py-2 pr-2 pl-4 text-white shadow-pop",
        "animate-slide-up data-[state=closed]:animate-fade-out data-[swipe=end]:translate-y-full",
      )}
    >
      {icon ? (
        <Icon
          name={icon}
          size={20}
          className={cn("shrink-0", tone === "success" ? "text-[#7fd1a4]" : "text-[#ff9c92]")}
        />
      ) : null}
      <Toast.Description className="min-w-0 flex-1 py-2 text-[0.95rem] font-medium">
        {message}
      </Toast.Description>
      <Toast.Close
        aria-label={commonMessages.dismiss}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-white/85 hover:bg-white/10 hover:text-white focus-visible:outline-white"
      >
        <Icon name="close" size={18} />
      </Toast.Close>
    </Toast.Root>
  );
}
