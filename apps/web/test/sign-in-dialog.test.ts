import type { ContentItem } from "@vn/contract";
import { describe, expect, it } from "vitest";
import {
  PENDING_INTENT_KEY,
  PENDING_INTENT_TTL_MS,
  peekPendingIntent,
  savePendingIntent,
  takePendingIntent,
} from "../src/features/accounts/pending-intent";
import { needsSecondFactor } from "../src/features/accounts/sign-in";
import { groupByFolder } from "../src/features/content/folder-groups";
import {
  keptOverlayList,
  neighboursIn,
  neighbourUrl,
  readOverlayList,
  saveOverlayList,
} from "../src/features/content/overlay-list";
import { overlayUrl, readOverlayParams, withOverlayView } from "../src/features/content/overlay-url";

/** A Storage for the rules (sessionStorage's three methods). */
function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

describe("the pending intent of the sign-in dialog (issue 18)", () => {
  it("is taken once, by the control it belongs to", () => {
    const store = memoryStore();
    savePendingIntent(store, { action: "follow", target: "marcus.reed", path: "/marcus.reed" }, 1000);
    expect(takePendingIntent(store, "follow", "anna.kowalski", 2000)).toBeNull();
    expect(takePendingIntent(store, "react", "marcus.reed", 2000)).toBeNull();
    expect(takePendingIntent(store, "follow", "marcus.reed", 2000)).toMatchObject({
      action: "follow",
      target: "marcus.reed",
      path: "/marcus.reed",
    });
    // Never twice.
    expect(takePendingIntent(store, "follow", "marcus.reed", 2000)).toBeNull();
    expect(store.values.has(PENDING_INTENT_KEY)).toBe(false);
  });

  it("expires after a few minutes, and an unreadable one is dropped", () => {
    const store = memoryStore();
    savePendingIntent(store, { action: "react", target: "c1", kind: "celebrate", path: "/p" }, 0);
    expect(peekPendingIntent(store, PENDING_INTENT_TTL_MS)?.kind).toBe("celebrate");
    expect(takePendingIntent(store, "react", "c1", PENDING_INTENT_TTL_MS + 1)).toBeNull();
    expect(store.values.size).toBe(0);
    store.setItem(PENDING_INTENT_KEY, "{not json");
    expect(peekPendingIntent(store)).toBeNull();
    store.setItem(
      PENDING_INTENT_KEY,
      JSON.stringify({ action: "delete-account", target: "x", path: "/", at: 1 }),
    );
    expect(peekPendingIntent(store, 2)).toBeNull();
  });

  it("knows a sign-in answer that asks for the second factor", () => {
    expect(needsSecondFactor({ twoFactorRedirect: true, twoFactorMethods: ["totp"] })).toBe(true);
    expect(needsSecondFactor({ user: {}, token: "t" })).toBe(false);
    expect(needsSecondFactor(null)).toBe(false);
  });
});

describe("the post overlay's parameters, read back (issue 18)", () => {
  it("reads what overlayUrl writes", () => {
    const url = overlayUrl("/anna/posts/hello", {
      postSlug: "hello",
      ownerSlug: "anna",
      initiator: "/anna?x=1",
      gallery: 2,
      navigate: true,
      textOnly: true,
      owner: false,
      disableRefresh: true,
    });
    expect(readOverlayParams(url.split("?")[1] ?? "")).toEqual({
      gallery: 2,
      textOnly: true,
      navigate: true,
      owner: false,
      disableRefresh: true,
      initiator: "/anna?x=1",
    });
    expect(readOverlayParams("")).toEqual({
      gallery: null,
      textOnly: false,
      navigate: null,
      owner: null,
      disableRefresh: false,
      initiator: null,
    });
    for (const bad of ["0", "-1", "two", "1e3", "99999"])
      expect(readOverlayParams(`gallery=${bad}`).gallery).toBeNull();
  });

  it("changes only the view in a URL, keeping the rest", () => {
    expect(withOverlayView("/a/posts/b?postSlug=b&initiator=%2F#top", { gallery: 3 })).toBe(
      "/a/posts/b?postSlug=b&initiator=%2F&gallery=3#top",
    );
    expect(withOverlayView("/a/posts/b?gallery=3&textOnly=true", { gallery: null, textOnly: false })).toBe(
      "/a/posts/b",
    );
  });

  it("keeps the overlay's list under its initiator for navigate, and only the owner's posts for owner", () => {
    const store = memoryStore();
    const view = readOverlayParams("navigate=true&owner=false&initiator=%2Fhome");
    saveOverlayList(store, "/home", ["/anna/posts/a", "/priya/posts/b", "/anna/posts/c"]);
    expect(keptOverlayList(store, view, "anna")).toEqual([
      "/anna/posts/a",
      "/priya/posts/b",
      "/anna/posts/c",
    ]);
    expect(keptOverlayList(store, { ...view, owner: true }, "anna")).toEqual([
      "/anna/posts/a",
      "/anna/posts/c",
    ]);
    // Not to navigate, or no list kept for that initiator: nothing.
    expect(keptOverlayList(store, { ...view, navigate: false }, "anna")).toBeNull();
    expect(keptOverlayList(store, { ...view, initiator: "/elsewhere" }, "anna")).toBeNull();
    expect(keptOverlayList(null, view, "anna")).toBeNull();
    store.setItem("vn.overlay-list:/broken", "{not json");
    expect(readOverlayList(store, "/broken")).toBeNull();

    expect(neighboursIn(["/a", "/b", "/c"], "/b")).toEqual({ previous: "/a", next: "/c" });
    expect(neighboursIn(["/a", "/b"], "/a")).toEqual({ previous: null, next: "/b" });
    expect(neighboursIn(["/a"], "/z")).toBeNull();
  });

  it("steps to a neighbour with the overlay's query kept (initiator, owner, text-only)", () => {
    const view = readOverlayParams("navigate=true&owner=true&textOnly=true&initiator=%2Fanna.k%2Fposts");
    const url = neighbourUrl("/anna.k/posts/second-one", view);
    expect(url.split("?")[0]).toBe("/anna.k/posts/second-one");
    expect(readOverlayParams(url.split("?")[1] ?? "")).toEqual({
      gallery: null,
      textOnly: true,
      navigate: true,
      owner: true,
      disableRefresh: false,
      initiator: "/anna.k/posts",
    });
    expect(new URLSearchParams(url.split("?")[1]).get("postSlug")).toBe("second-one");
    expect(new URLSearchParams(url.split("?")[1]).get("ownerSlug")).toBe("anna.k");
  });
});

describe("the folders section (issue 18)", () => {
  it("groups documents by folder, named ones first, the unfiled last", () => {
    const doc = (id: string, folder: string | null) => ({ id, folder }) as unknown as ContentItem;
    const groups = groupByFolder([
      doc("1", null),
      doc("2", "Reports"),
      doc("3", "Contracts"),
      doc("4", "Reports"),
    ]);
    expect(groups.map((group) => [group.name, group.items.map((item) => item.id)])).toEqual([
      ["Contracts", ["3"]],
      ["Reports", ["2", "4"]],
      [null, ["1"]],
    ]);
  });
});
