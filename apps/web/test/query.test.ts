import { cleanQuery, toQueryString } from "@vn/contract";
import { describe, expect, it } from "vitest";
import { apiUrl } from "../src/lib/api";

describe("query cleanup in API URLs", () => {
  it("drops missing, empty and zero values but keeps booleans", () => {
    expect(
      cleanQuery({
        page: 1,
        perPage: 5,
        search: "",
        tab: undefined,
        filter: null,
        offset: 0,
        zero: "0",
        live: false,
        navigate: true,
      }),
    ).toEqual({ page: "1", perPage: "5", live: "false", navigate: "true" });
  });

  it("builds the API URL with the cleaned query", () => {
    expect(apiUrl("/v1/content", { page: 2, search: "", textOnly: false })).toBe(
      "http://localhost:4000/api/v1/content?page=2&textOnly=false",
    );
    expect(apiUrl("v1/users/me")).toBe("http://localhost:4000/api/v1/users/me");
    expect(toQueryString({ a: "" })).toBe("");
  });
});
