import { describe, expect, it } from "vitest";
import { endpointList } from "../src/endpoints/index";
import { routes } from "../src/routes.generated";

describe("the browser's route table (src/routes.generated.ts)", () => {
  // When this fails, run `npm run generate:routes` (scripts/generate-routes.ts) and commit the file.
  it("is up to date with the endpoint table: every row, in order, with its method, paths and nothing else", () => {
    const rows = Object.entries(routes).flatMap(([group, rows]) =>
      Object.entries(rows).map(([name, route]) => ({ id: `${group}.${name}`, route })),
    );
    expect(rows.map((row) => row.id)).toEqual(endpointList.map((row) => row.id));
    for (const [index, { endpoint }] of endpointList.entries()) {
      const { method, path, alsoAt } = endpoint;
      expect(rows[index]?.route).toEqual(alsoAt ? { method, path, alsoAt } : { method, path });
    }
  });
});
