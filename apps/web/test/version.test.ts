import { describe, expect, it } from "vitest";
import { decideVersionAction, readVersion } from "../src/lib/version";

describe("new version detection", () => {
  it("does nothing while the version is the same", () => {
    expect(decideVersionAction("abc", "abc", false)).toBe("none");
    expect(decideVersionAction("abc", "abc", true)).toBe("none");
  });

  it("reloads on the next navigation when the tab is visible", () => {
    expect(decideVersionAction("abc", "def", false)).toBe("reload-on-navigation");
  });

  it("reloads at once when the tab is hidden", () => {
    expect(decideVersionAction("abc", "def", true)).toBe("reload-now");
  });

  it("does nothing when either version is unknown", () => {
    expect(decideVersionAction(null, "def", true)).toBe("none");
    expect(decideVersionAction("abc", null, true)).toBe("none");
  });

  it("reads the version file", () => {
    expect(readVersion({ version: "abc", builtAt: "x" })).toBe("abc");
    expect(readVersion({ version: "" })).toBeNull();
    expect(readVersion({ version: 3 })).toBeNull();
    expect(readVersion("<html>")).toBeNull();
    expect(readVersion(null)).toBeNull();
  });
});
