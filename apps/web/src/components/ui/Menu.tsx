"use client";

import { DropdownMenu } from "radix-ui";
import type { ReactNode } from "react";
import { Link } from "@/components/ui/Link";
import { cn } from "@/lib/cn";
import { Icon, type IconName } from "./Icon";

export type MenuItem =
  | {
      kind?: "item";
      /** A unique key when labels may repeat (two accounts with one name). */
      id?: string;
      label: string;
      href?: string;
      onSelect?: () => void;
      icon?: IconName;
      danger?: boolean;
      /** Drawn before the label instead of an icon (e.g. an account's avatar). */
      leading?: ReactNode;
      /** A second, muted line under the label. */
      description?: string;
      /** Marks the current choice (a check mark, and aria-current). */
      current?: boolean;
      disabled?: boolean;
      /** The onboarding tour's target this item is (data-tour, issue 18). */
      tour?: string;
    }
  | { kind: "separator" }
  /** A heading over a group of items. */
  | { kind: "label"; label: string };

export interface MenuProps {
  /** The button that opens the menu; it must carry its own accessible name. */
  trigger: ReactNode;
  items: readonly MenuItem[];
  /** Content above the items (e.g. the signed-in person's name); text only, no controls. */
  header?: ReactNode;
  /** A button-styled first item under the header (e.g. "View profile"). */
  headerAction?: { label: string; href: string };
  align?: "start" | "center" | "end";
  /** Controlled open state (the onboarding tour opens a menu to show what is inside). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

const itemClass =
  "flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-3 text-[0.95rem] text-ink outline-none select-none data-[highlighted]:bg-black/[0.06]";

export function Menu({ trigger, items, header, headerAction, align = "end", open, onOpenChange }: MenuProps) {
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={8}
          collisionPadding={8}
          className="z-50 min-w-64 max-w-[calc(100vw-1rem)] rounded-card bg-surface p-1.5 shadow-pop animate-fade-in"
        >
          {header ? <div className="px-3 pt-2 pb-3">{header}</div> : null}
          {headerAction ? (
            <DropdownMenu.Item asChild>
              <Link
                href={headerAction.href}
                className="mx-3 mb-2 flex min-h-10 cursor-pointer items-center justify-center rounded-full px-3 text-sm font-semibold text-brand ring-1 ring-inset ring-brand outline-none select-none data-[highlighted]:bg-brand-soft data-[highlighted]:ring-2"
              >
                {headerAction.label}
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {items.map((item, index) => {
            if (item.kind === "separator") {
              // biome-ignore lint/suspicious/noArrayIndexKey: separators have no identity of their own
              return <DropdownMenu.Separator key={`separator-${index}`} className="my-1.5 h-px bg-line" />;
            }
            if (item.kind === "label") {
              return (
                <DropdownMenu.Label
                  key={`label-${item.label}`}
                  className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase"
                >
                  {item.label}
                </DropdownMenu.Label>
              );
            }
            const content = (
              <>
                {item.leading ??
                  (item.icon ? (
                    <Icon name={item.icon} size={20} className="shrink-0 text-ink-muted" />
                  ) : null)}
                <span className="flex min-w-0 flex-1 flex-col py-1.5">
                  <span className="truncate">{item.label}</span>
                  {item.description ? (
                    <span className="truncate text-xs text-ink-muted">{item.description}</span>
                  ) : null}
                </span>
                {item.current ? <Icon name="check" size={18} className="shrink-0 text-success" /> : null}
              </>
            );
            return item.href ? (
              <DropdownMenu.Item
                key={item.id ?? item.label}
                asChild
                disabled={item.disabled}
                className={cn(itemClass, item.danger && "text-danger")}
                data-tour={item.tour}
              >
                <Link href={item.href}>{content}</Link>
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item
                key={item.id ?? item.label}
                onSelect={item.onSelect}
                disabled={item.disabled}
                aria-current={item.current ? "true" : undefined}
                className={cn(itemClass, item.danger && "text-danger", "data-[disabled]:opacity-55")}
                data-tour={item.tour}
              >
                {content}
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
