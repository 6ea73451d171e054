import { HISTORY_KEEP, HISTORY_RESTORE } from "@vn/contract";
import { describe, expect, it } from "vitest";
import {
  isIgnoredForHistory,
  parseStoredHistory,
  previousRoute,
  pushHistory,
  restoreHistory,
} from "../src/lib/route-history";

describe("route history", () => {
  it("keeps the last 10 routes", () => {
    let history: string[] = [];
    for (let index = 1; index <= 14; index += 1) history = pushHistory(history, `/page-${index}`);
    expect(HISTORY_KEEP).toBe(10);
    expect(history).toHaveLength(10);
    expect(history[0]).toBe("/page-5");
    expect(history.at(-1)).toBe("/page-14");
  });

  it("restores the last 5", () => {
    const stored = Array.from({ length: 10 }, (_, index) => `/page-${index + 1}`);
    expect(HISTORY_RESTORE).toBe(5);
    expect(restoreHistory(stored)).toEqual(["/page-6", "/page-7", "/page-8", "/page-9", "/page-10"]);
    expect(restoreHistory(["/a", "/b"])).toEqual(["/a", "/b"]);
  });

  it.each([
    "/login",
    "/login?redirect=%2Fchats",
    "/logout",
    "/create-profile",
    "/create-profile/profile",
    "/create/post",
    "/jane/edit/profile",
    "/jane/posts/p1/edit/",
    "/not-found",
  ])("ignores %s", (route) => {
    expect(isIgnoredForHistory(route)).toBe(true);
    expect(pushHistory(["/a"], route)).toEqual(["/a"]);
  });

  it.each(["/", "/jane", "/jane/feed?tab=all", "/terms", "/creators", "/editorial"])(
    "records %s",
    (route) => {
      expect(isIgnoredForHistory(route)).toBe(false);
      expect(pushHistory(["/a"], route)).toEqual(["/a", route]);
    },
  );

  it("does not record the same route twice in a row", () => {
    expect(pushHistory(["/a", "/b"], "/b")).toEqual(["/a", "/b"]);
    expect(pushHistory(["/a", "/b"], "/a")).toEqual(["/a", "/b", "/a"]);
  });

  it("drops ignored routes that were stored before the rules changed", () => {
    expect(restoreHistory(["/a", "/login", "/b"])).toEqual(["/a", "/b"]);
  });

  it("finds the previous route", () => {
    expect(previousRoute(["/a", "/b", "/c"], "/c")).toBe("/b");
    expect(previousRoute(["/c"], "/c")).toBeNull();
    expect(previousRoute([], "/c")).toBeNull();
  });

  it("survives malformed storage", () => {
    expect(parseStoredHistory(null)).toEqual([]);
    expect(parseStoredHistory("{")).toEqual([]);
    expect(parseStoredHistory('{"a":1}')).toEqual([]);
    expect(parseStoredHistory('["/a", 3, "/b"]')).toEqual(["/a", "/b"]);
  });
});
