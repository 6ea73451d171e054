import { formatDateTimeIn } from "./kinds";

/**
 * An event's own time zone (issue 18): the author writes its times as the clock reads where it
 * happens, the API keeps the instant and the zone, and readers see the time in the event's zone
 * and, when their clock reads differently, in their own.
 */

/** The browser's zone ("Europe/Warsaw"); UTC where the runtime cannot say. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** Whether the runtime knows the zone. */
export function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
export function zoneOffsetMs(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  // The parts have whole seconds: compare with the instant's whole second.
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local value ("2026-11-21T19:00") read on the clock of `zone` → the ISO instant, or
 * undefined. A time the clock skips (spring forward) moves on by the gap, as clocks do.
 */
export function wallTimeToIso(local: string, zone: string): string | undefined {
  const match = WALL_TIME.exec(local);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const guess = Date.UTC(y!, mo! - 1, d!, h!, mi!, s || 0);
  if (Number.isNaN(guess)) return undefined;
  try {
    const first = guess - zoneOffsetMs(guess, zone);
    const second = guess - zoneOffsetMs(first, zone);
    return new Date(second).toISOString();
  } catch {
    return undefined;
  }
}

/** ISO → a datetime-local value as the clock of `zone` reads it ("" when there is none). */
export function isoToWallTime(iso: string | null | undefined, zone: string): string {
  if (!iso) return "";
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return "";
  try {
    const wall = new Date(instant + zoneOffsetMs(instant, zone));
    return wall.toISOString().slice(0, 16);
  } catch {
    return "";
  }
}

/** The place a zone is named after, for people: "America/New_York" → "New York". */
export function zoneCity(zone: string): string {
  return (zone.split("/").pop() ?? zone).replaceAll("_", " ");
}

/** The zones the runtime knows, for the composer's select (the current one is always among them). */
export function zoneOptions(current: string): { value: string; label: string }[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    zones = [];
  }
  if (!zones.includes("UTC")) zones = [...zones, "UTC"];
  if (current && !zones.includes(current)) zones = [current, ...zones];
  return zones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));
}

/** Just the date and clock time (no zone name), to tell whether two zones read the same. */
function clockIn(iso: string, zone: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: zone }).format(
    new Date(iso),
  );
}

/**
 * An event's time for one reader: in the event's zone, named by its place ("Mar 10, 2027, 7:00 PM
 * GMT+1 (Warsaw)"), and in the reader's own zone when their clock reads differently (null when it
 * reads the same, or the reader's zone is not known yet, as on the server). An event made before
 * zones were asked for is shown in the reader's zone (or UTC on the server).
 */
export function eventTimeTexts(
  iso: string,
  eventZone: string | null | undefined,
  viewerZone: string | null,
): { event: string; viewer: string | null } {
  const zone = eventZone && isKnownZone(eventZone) ? eventZone : null;
  if (!zone) return { event: formatDateTimeIn(iso, viewerZone ?? "UTC"), viewer: null };
  const event = `${formatDateTimeIn(iso, zone)} (${zoneCity(zone)})`;
  if (!viewerZone || !isKnownZone(viewerZone) || clockIn(iso, zone) === clockIn(iso, viewerZone)) {
    return { event, viewer: null };
  }
  return { event, viewer: formatDateTimeIn(iso, viewerZone) };
}
