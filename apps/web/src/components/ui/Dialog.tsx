"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Icon } from "./Icon";

export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog (rendered as is; give it its own label). */
  trigger?: ReactNode;
  title: string;
  /** Read out with the title; rendered under it. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned on desktop and stacked on mobile. */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
  /** Under 640 px the dialog takes the whole width and rests at the bottom (the sign-in dialog). */
  fullOnMobile?: boolean;
}

const widths = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" } as const;

export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  size = "md",
  fullOnMobile = false,
}: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/55 animate-fade-in" />
        <DialogPrimitive.Content
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] flex-col",
            "rounded-card bg-surface shadow-pop focus:outline-none",
            // pop-in animates the centring transform; a full-width dialog places itself with translate.
            fullOnMobile ? "animate-fade-in" : "animate-pop-in",
            widths[size],
            fullOnMobile &&
              "-translate-x-1/2 -translate-y-1/2 max-sm:top-auto max-sm:bottom-0 max-sm:w-screen max-sm:max-w-none max-sm:translate-y-0 max-sm:rounded-b-none",
          )}
          style={{ transform: fullOnMobile ? undefined : "translate(-50%, -50%)" }}
          // Without a description, tell Radix there is none instead of pointing at nothing.
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
            <div className="min-w-0">
              <DialogPrimitive.Title className="text-lg font-semibold text-ink">
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="mt-1 text-sm text-ink-muted">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            <DialogPrimitive.Close
              className="-mr-2 -mt-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-black/5 hover:text-ink"
              aria-label={commonMessages.close}
            >
              <Icon name="close" size={20} />
            </DialogPrimitive.Close>
          </div>
          {children ? <div className="overflow-y-auto px-5 py-4 text-ink">{children}</div> : null}
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-line px-5 py-3 sm:flex-row sm:justify-end">
              {footer}
            </div>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
