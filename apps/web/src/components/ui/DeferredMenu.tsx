"use client";

import {
  cloneElement,
  type HTMLAttributes,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  useEffect,
  useRef,
  useState,
} from "react";
import { deferredModule, useDeferredModule } from "@/lib/use-deferred-module";
import type { MenuProps } from "./Menu";

const menuModule = deferredModule(() => import("./Menu").then((module) => module.Menu));

type TriggerProps = HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement>; "data-state"?: string };

/**
 * A Menu whose Radix dropdown (menu, roving focus, popper and floating-ui) is loaded on the first
 * sign of interest instead of with the page: the pointer over the trigger, focus on it, or the
 * page asking it open (the onboarding tour). Until then the trigger is drawn as the closed menu
 * draws it (same element, name and state attributes), so nothing moves; a press or Enter, Space
 * or ArrowDown before the menu has arrived opens it when it does.
 */
export function DeferredMenu({
  trigger,
  open,
  onOpenChange,
  ...props
}: MenuProps & { trigger: ReactElement<TriggerProps> }) {
  const [Menu, request] = useDeferredModule(menuModule);
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const triggerRef = useRef<HTMLElement>(null);
  const hadFocus = useRef(false);

  useEffect(() => {
    if (isOpen) request();
  }, [isOpen, request]);
  // The loaded menu draws its own trigger: one that had focus (loaded by keyboard) keeps it.
  useEffect(() => {
    if (Menu && hadFocus.current && !isOpen) triggerRef.current?.focus();
  }, [Menu, isOpen]);

  if (Menu) {
    return (
      <Menu
        {...props}
        open={isOpen}
        onOpenChange={setOpen}
        trigger={cloneElement(trigger, { ref: triggerRef })}
      />
    );
  }
  const openWhenLoaded = () => {
    request();
    setOpen(true);
  };
  return cloneElement<TriggerProps>(trigger, {
    "aria-haspopup": "menu",
    "aria-expanded": false,
    "data-state": "closed",
    onPointerEnter: request,
    onFocus: () => {
      hadFocus.current = true;
      request();
    },
    onBlur: () => {
      hadFocus.current = false;
    },
    // As Radix's trigger: the main button's press, and Enter, Space or ArrowDown, open it.
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button === 0 && !event.ctrlKey) openWhenLoaded();
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (["Enter", " ", "ArrowDown"].includes(event.key)) {
        event.preventDefault();
        openWhenLoaded();
      }
    },
  });
}
