import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The rules and constants the profile and publication page (/{slug}) reads on every visit stay
 * free of zod, the contract's schema modules and the endpoint table (decision 0027): one such
 * import puts zod and every schema back in the route's first load. Checked on the source, by
 * import statements (`import type` is erased, so it is allowed).
 */
const zodFree = [
  "../src/features/page-editing/page-edit-rules.ts",
  "../src/features/teams/team-rules.ts",
  "../src/features/moderation/strikes-key.ts",
  "../src/features/moderation/RemovedNotice.tsx",
  "../src/features/comments/LazyCommentComposer.tsx",
  "../src/features/content/content-routes.ts",
  "../../../packages/contract/src/comments.ts",
  "../../../packages/contract/src/companies.ts",
  "../../../packages/contract/src/content.ts",
  "../../../packages/contract/src/profiles.ts",
  "../../../packages/contract/src/teams.ts",
];

/** The value imports of a file: `import … from "x"` without `import type`. */
function valueImports(source: string): string[] {
  return [...source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+"([^"]+)"/gms)].map(
    (match) => match[1] as string,
  );
}

describe("modules of the profile page's first load", () => {
  it.each(zodFree)("%s imports no zod, schema module or endpoint table", (path) => {
    const source = readFileSync(new URL(path, import.meta.url), "utf8");
    for (const from of valueImports(source)) {
      expect(from).not.toMatch(/^zod$|^@hookform\/|^react-hook-form$|schemas\/|endpoints/);
    }
    // Through the contract's barrel, by name: the endpoint table and schemas.
    expect(source).not.toMatch(/^\s+endpoints,$|Schema,$/m);
  });
});
