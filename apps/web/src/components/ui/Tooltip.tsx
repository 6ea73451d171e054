"use client";

import { Tooltip as TooltipPrimitive } from "radix-ui";
import type { ReactElement, ReactNode } from "react";

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element; the tooltip adds to its description, not its name. */
  children: ReactElement;
  side?: "top" | "right" | "bottom" | "left";
}

/** Brings its own provider: one app-wide in the root Providers put Radix's tooltip, popper and
 * floating-ui in every page's first load, for pages with no tooltip (decision 0027). */
export function Tooltip({ content, children, side = "bottom" }: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-w-64 rounded-md bg-[#1d2226] px-2.5 py-1.5 text-xs font-medium text-white shadow-pop animate-fade-in"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-[#1d2226]" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
