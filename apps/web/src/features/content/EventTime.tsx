"use client";

import { format } from "@vn/contract";
import { contentMessages } from "@vn/contract/messages/content";
import { useSyncExternalStore } from "react";
import { browserZone, eventTimeTexts } from "./event-zone";

const noChange = () => () => undefined;
/** The server does not know the viewer's zone: it renders the event's zone (or UTC), the browser adds its own. */
const serverZone = () => null;

/**
 * An event's time (issue 18): in the event's own zone, named by its place, and under it in the
 * viewer's zone when their clock reads differently; the exact instant for machines.
 */
export function EventTime({ iso, timeZone = null }: { iso: string; timeZone?: string | null }) {
  const viewer = useSyncExternalStore(noChange, browserZone, serverZone);
  const texts = eventTimeTexts(iso, timeZone, viewer);
  return (
    <>
      <time dateTime={iso} data-testid="event-time">
        {texts.event}
      </time>
      {texts.viewer ? (
        <span className="block text-sm" data-testid="event-time-yours">
          {format(contentMessages.eventTimeYours, { time: texts.viewer })}
        </span>
      ) : null}
    </>
  );
}
