"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { useEffect, useRef } from "react";

export const SNACKBAR_VIEWPORT_CLASS =
  "fixed inset-x-0 bottom-0 z-[60] mx-auto flex w-full max-w-md flex-col gap-2 p-4 outline-none md:right-auto md:left-6 md:mx-0 md:bottom-6 md:p-0";

/** Radix Toast's default hotkey, which SnackbarStack's viewport keeps. */
const HOTKEY = "F8";

/**
 * The snackbar viewport as Radix Toast draws it with no toast (a labelled region, an empty list,
 * no pointer events), without Radix: every page's server HTML has it, and Radix Toast
 * (SnackbarStack) loads only with the first snackbar. F8 moves focus to it, as Radix's does.
 */
export function SnackbarViewport() {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code === HOTKEY) list.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
  return (
    // biome-ignore lint/a11y/useSemanticElements: Radix Toast's viewport is a div; SnackbarStack swaps it in place
    <div
      role="region"
      aria-label={`${commonMessages.notificationsRegion} (${HOTKEY})`}
      tabIndex={-1}
      style={{ pointerEvents: "none" }}
    >
      <ol ref={list} tabIndex={-1} className={SNACKBAR_VIEWPORT_CLASS} />
    </div>
  );
}
