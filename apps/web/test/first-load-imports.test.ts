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

describe("modules of /login's first load", () => {
  /** The steps after signing in or besides it, each with its schemas: loaded by auth-steps.tsx. */
  const steps = [
    "./SignUpForm",
    "./ForgotPasswordForm",
    "./EmailCodeStep",
    "./TwoFactorStep",
    "./DeletedAccountDialogs",
  ];

  it("AuthScreen loads the other steps through auth-steps.tsx, not with the page", () => {
    const source = readFileSync(new URL("../src/features/accounts/AuthScreen.tsx", import.meta.url), "utf8");
    const imports = valueImports(source);
    for (const step of steps) expect(imports).not.toContain(step);
    expect(imports).toContain("./auth-steps");
  });

  it.each([
    "../src/features/accounts/AuthScreen.tsx",
    "../src/features/accounts/SignInForm.tsx",
    "../src/features/accounts/auth-steps.tsx",
    "../src/components/ui/Tabs.tsx",
  ])("%s imports no zod, schema module or Radix", (path) => {
    const source = readFileSync(new URL(path, import.meta.url), "utf8");
    for (const from of valueImports(source)) {
      expect(from).not.toMatch(/^zod$|^@hookform\/|schemas\/|endpoints|^radix-ui$/);
    }
    expect(source).not.toMatch(/^\s+endpoints,$|Schema,$/m);
  });
});
