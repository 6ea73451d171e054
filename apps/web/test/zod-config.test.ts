import { describe, expect, it } from "vitest";

describe("zod's configuration in the browser (src/instrumentation-client.ts)", () => {
  it("is jitless without the instrumentation importing zod (no CSP probe, no zod in the first load)", async () => {
    // Nothing in this file imports zod before the instrumentation runs, as in the browser.
    await import("../src/instrumentation-client");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    // The instrumentation hook itself stays free of zod.
    const { readFileSync } = await import("node:fs");
    const source = readFileSync(new URL("../src/instrumentation-client.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/from "zod"/);
  });
});
