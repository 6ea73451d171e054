"use client";

import dynamic from "next/dynamic";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { decideQueryIntent } from "@/lib/query-intents";
import { useSession } from "@/lib/session";
import type { IntentTask } from "./IntentConfirmation";
import { undoIntentOf } from "./intent-confirmations";

/** The confirmation (its dialog, the invitation lookup, the undo) loads only for such an address. */
const IntentConfirmation = dynamic(
  () => import("./IntentConfirmation").then((module) => module.IntentConfirmation),
  { ssr: false },
);

/**
 * Acts on the query parameters of spec §2 that may appear on any page: type=invite&code=… and
 * intent=create-profile (see lib/query-intents.ts), and the undo link of an email or phone change
 * (type=access-change-undo&token=…). Nothing changes without the person's say (issue 11): a
 * signed-in member's invitation and an undo are confirmed first (IntentConfirmation); a visitor's
 * invitation is carried to the join form.
 */
export function QueryIntentHandler() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const router = useRouter();
  const { user, isLoading } = useSession();
  const handled = useRef<string | null>(null);
  const [task, setTask] = useState<{ address: string; task: IntentTask } | null>(null);
  const done = useCallback(() => setTask(null), []);

  useEffect(() => {
    if (isLoading) return;
    const key = `${pathname}?${search}`;
    const undo = undoIntentOf(pathname, search);
    if (undo) {
      if (handled.current === key) return;
      handled.current = key;
      setTask({ address: key, task: { type: "undo", ...undo } });
      return;
    }
    const intent = decideQueryIntent(pathname, search, user !== null);
    if (intent.type === "none") return;
    if (handled.current === key) return;
    handled.current = key;
    if (intent.type === "redirect") {
      router.replace(intent.to);
      return;
    }
    setTask({ address: key, task: { type: "invite", code: intent.code, rest: intent.rest } });
  }, [pathname, search, user, isLoading, router]);

  return task ? <IntentConfirmation key={task.address} task={task.task} onDone={done} /> : null;
}
