"use client";

import {
  cloneElement,
  type FocusEvent,
  isValidElement,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  useEffect,
} from "react";
import { deferredModule, useDeferredModule } from "@/lib/use-deferred-module";
import type { DialogProps } from "./Dialog";

const dialogModule = deferredModule(() => import("./Dialog").then((module) => module.Dialog));

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * The Dialog, with Radix's dialog, focus scope and scroll lock loaded on first interest instead of
 * with the page (decision 0027): for dialogs that cards and pages carry closed (comments, repost,
 * who reacted, delete, confirmations) and the app-wide overlays. Until it has loaded, a `trigger`
 * is drawn as is and opens the dialog through `onOpenChange`; the module starts loading when the
 * pointer reaches the trigger or it gets focus, so it is usually there by the click. `open` is the
 * caller's (controlled), so nothing is lost between the click and the module's arrival.
 */
export function LazyDialog(props: DialogProps & { open: boolean }) {
  const [Dialog, load] = useDeferredModule(dialogModule);
  const { open, onOpenChange, trigger } = props;

  useEffect(() => {
    if (open) load();
  }, [open, load]);

  if (Dialog) return <Dialog {...props} />;
  if (!isValidElement<TriggerProps>(trigger)) return null;
  const own = (trigger as ReactElement<TriggerProps>).props;
  return cloneElement(trigger as ReactElement<TriggerProps & Record<string, unknown>>, {
    "aria-haspopup": "dialog",
    "aria-expanded": false,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      load();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      load();
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      own.onClick?.(event);
      if (!event.defaultPrevented) onOpenChange?.(true);
    },
  });
}
