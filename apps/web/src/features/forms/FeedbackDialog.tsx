"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";

/** The window event that opens the feedback form from anywhere (spec §2 global overlays). */
export const OPEN_FEEDBACK_EVENT = "vn:open-feedback";

export function openFeedback(): void {
  window.dispatchEvent(new Event(OPEN_FEEDBACK_EVENT));
}

/** The form, its dialog and react-hook-form are loaded on the first open: the overlay is in every
 * signed-in page's header, and a closed dialog renders nothing, so nothing shows before that. */
const FeedbackForm = dynamic(() => import("./FeedbackForm").then((module) => module.FeedbackForm), {
  ssr: false,
});

/** The feedback overlay (§2 global overlays): opened by openFeedback() from the account menu. */
export function FeedbackOverlay() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const show = () => {
      setOpened(true);
      setOpen(true);
    };
    window.addEventListener(OPEN_FEEDBACK_EVENT, show);
    return () => window.removeEventListener(OPEN_FEEDBACK_EVENT, show);
  }, []);
  return opened ? <FeedbackForm open={open} setOpen={setOpen} /> : null;
}
