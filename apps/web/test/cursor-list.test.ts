import { describe, expect, it } from "vitest";
import { cursorPageKey } from "../src/lib/use-cursor-list";

describe("cursorPageKey (cursor-paged lists, §5)", () => {
  const list = ["/v1/notifications", 20] as const;

  it("asks for the first page without a cursor", () => {
    expect(cursorPageKey(list, 0, null)).toEqual(["/v1/notifications", 20, null]);
  });

  it("asks for the next page after the previous page's cursor", () => {
    expect(cursorPageKey(list, 2, { data: [1], meta: { nextCursor: "abc" } })).toEqual([
      "/v1/notifications",
      20,
      "abc",
    ]);
  });

  it("stops after the last page, and when the list is off", () => {
    expect(cursorPageKey(list, 1, { data: [1], meta: { nextCursor: null } })).toBeNull();
    expect(cursorPageKey(list, 1, null)).toBeNull();
    expect(cursorPageKey(null, 0, null)).toBeNull();
  });
});
