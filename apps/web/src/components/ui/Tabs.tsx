"use client";

import { Tabs as TabsPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Names the tab list for screen readers. */
  label: string;
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  /** Tabs share the full width equally (two or three short choices). */
  stretch?: boolean;
  /** Classes for the tab list (e.g. bleeding to a card's edges). */
  listClassName?: string;
}

export function Tabs({
  items,
  label,
  defaultValue,
  value,
  onValueChange,
  className,
  stretch = false,
  listClassName,
}: TabsProps) {
  return (
    <TabsPrimitive.Root
      defaultValue={defaultValue ?? items[0]?.value}
      value={value}
      onValueChange={onValueChange}
      className={className}
    >
      <TabsPrimitive.List
        aria-label={label}
        className={cn("flex gap-1 overflow-x-auto border-b border-line", listClassName)}
      >
        {items.map((item) => (
          <TabsPrimitive.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            className={cn(
              "relative -mb-px inline-flex min-h-12 shrink-0 cursor-pointer items-center border-b-2 border-transparent px-4",
              stretch && "flex-1 justify-center",
              "text-[0.95rem] font-semibold text-ink-muted hover:bg-black/[0.04] hover:text-ink",
              "data-[state=active]:border-success data-[state=active]:text-success disabled:cursor-not-allowed disabled:opacity-50",
            )}
          >
            {item.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {items.map((item) => (
        <TabsPrimitive.Content
          key={item.value}
          value={item.value}
          className="pt-4 focus-visible:outline-offset-4"
        >
          {item.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
