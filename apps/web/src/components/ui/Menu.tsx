"use client";

import Link from "next/link";
import { DropdownMenu } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Icon, type IconName } from "./Icon";

export type MenuItem =
  | { kind?: "item"; label: string; href?: string; onSelect?: () => void; icon?: IconName; danger?: boolean }
  | { kind: "separator" };

export interface MenuProps {
  /** The button that opens the menu; it must carry its own accessible name. */
  trigger: ReactNode;
  items: readonly MenuItem[];
  /** Content above the items (e.g. the signed-in person's name). */
  header?: ReactNode;
  align?: "start" | "center" | "end";
}

const itemClass =
  "flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-3 text-[0.95rem] text-ink outline-none select-none data-[highlighted]:bg-black/[0.06]";

export function Menu({ trigger, items, header, align = "end" }: MenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={8}
          collisionPadding={8}
          className="z-50 min-w-64 rounded-card bg-surface p-1.5 shadow-pop animate-fade-in"
        >
          {header ? <div className="px-3 pt-2 pb-3">{header}</div> : null}
          {items.map((item, index) => {
            if (item.kind === "separator") {
              // biome-ignore lint/suspicious/noArrayIndexKey: separators have no identity of their own
              return <DropdownMenu.Separator key={`separator-${index}`} className="my-1.5 h-px bg-line" />;
            }
            const content = (
              <>
                {item.icon ? <Icon name={item.icon} size={20} className="shrink-0 text-ink-muted" /> : null}
                <span>{item.label}</span>
              </>
            );
            return item.href ? (
              <DropdownMenu.Item
                key={item.label}
                asChild
                className={cn(itemClass, item.danger && "text-danger")}
              >
                <Link href={item.href}>{content}</Link>
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item
                key={item.label}
                onSelect={item.onSelect}
                className={cn(itemClass, item.danger && "text-danger")}
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
