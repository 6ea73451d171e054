import { readdirSync } from "node:fs";
import path from "node:path";
import { handleSchema, isReservedHandle, RESERVED_HANDLES } from "@vn/contract";
import { describe, expect, it } from "vitest";

/** The app's first path segments, through route groups: what a profile handle must never equal. */
function topLevelRoutes(dir: string): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith("(") && entry.name.endsWith(")") && entry.isDirectory()) {
      names.push(...topLevelRoutes(path.join(dir, entry.name)));
    } else if (entry.isDirectory() && !/^[[_@]/.test(entry.name)) {
      names.push(entry.name);
    } else if (entry.isFile() && entry.name.endsWith(".json")) {
      names.push(entry.name);
    }
  }
  return names;
}

describe("reserved handles (issue 18)", () => {
  it("reserves every top-level route of the web app, so no profile is shadowed by a page", () => {
    const routes = topLevelRoutes(path.join(import.meta.dirname, "../src/app"));
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((route) => !RESERVED_HANDLES.has(route))).toEqual([]);
  });

  it("refuses a reserved handle in any letter case, with its own message", () => {
    for (const handle of ["settings", "Admin", "CHATS", "verification", "trust-center"]) {
      expect(isReservedHandle(handle)).toBe(true);
      const result = handleSchema.safeParse(handle);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("This handle is reserved. Please choose another one.");
    }
    expect(handleSchema.safeParse("settings.27").success).toBe(true);
    expect(handleSchema.safeParse("anna.kowalski").success).toBe(true);
  });
});
