"use client";

import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
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

/** Arrow keys, Home and End move between the enabled tabs (the list is horizontal). */
function targetIndex(key: string, from: number, enabled: number[]): number | null {
  const at = enabled.indexOf(from);
  if (key === "ArrowRight") return enabled[(at + 1) % enabled.length] ?? null;
  if (key === "ArrowLeft") return enabled[(at - 1 + enabled.length) % enabled.length] ?? null;
  if (key === "Home") return enabled[0] ?? null;
  if (key === "End") return enabled[enabled.length - 1] ?? null;
  return null;
}

/**
 * Tabs as WAI-ARIA's pattern has them (a labelled tablist, one tab in the tab order, arrow keys
 * that move and select, panels labelled by their tab; ours hold forms and lists, so the panel
 * itself is not a tab stop), in a few lines instead of Radix Tabs: it
 * is on /login, where Radix's roving focus and collection code were 9 KB of the first load
 * (decision 0027, session 15). Only the selected panel is rendered, as with Radix.
 */
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
  const id = useId();
  const [own, setOwn] = useState(defaultValue ?? items[0]?.value);
  const selected = value ?? own;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (next: string) => {
    if (next === selected) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = tabs.current.indexOf(document.activeElement as HTMLButtonElement | null);
    if (from < 0) return;
    const enabled = items.flatMap((item, index) => (item.disabled ? [] : [index]));
    const to = targetIndex(event.key, from, enabled);
    const item = to === null ? undefined : items[to];
    if (to === null || !item) return;
    event.preventDefault();
    tabs.current[to]?.focus();
    select(item.value);
  };

  const tabId = (index: number) => `${id}-tab-${index}`;
  const panelId = (index: number) => `${id}-panel-${index}`;

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className={cn("flex gap-1 overflow-x-auto border-b border-line", listClassName)}
      >
        {items.map((item, index) => {
          const active = item.value === selected;
          return (
            <button
              key={item.value}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(index)}
              aria-selected={active}
              aria-controls={active ? panelId(index) : undefined}
              data-state={active ? "active" : "inactive"}
              tabIndex={active ? 0 : -1}
              disabled={item.disabled}
              // Selected on press, as Radix does (mousedown), so a tap feels immediate.
              onMouseDown={(event) => {
                if (event.button === 0 && !event.ctrlKey) select(item.value);
              }}
              onClick={() => select(item.value)}
              className={cn(
                "relative -mb-px inline-flex min-h-12 shrink-0 cursor-pointer items-center border-b-2 border-transparent px-4",
                stretch && "flex-1 justify-center",
                "text-[0.95rem] font-semibold text-ink-muted hover:bg-black/[0.04] hover:text-ink",
                "data-[state=active]:border-success data-[state=active]:text-success disabled:cursor-not-allowed disabled:opacity-50",
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item, index) =>
        item.value === selected ? (
          <div
            key={item.value}
            role="tabpanel"
            id={panelId(index)}
            aria-labelledby={tabId(index)}
            data-state="active"
            className="pt-4 focus-visible:outline-offset-4"
          >
            {item.content}
          </div>
        ) : null,
      )}
    </div>
  );
}
