import { readdirSync, readFileSync } from "node:fs";
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

/** Every source file of the web app, for rules that hold everywhere. */
function sourceFiles(dir = new URL("../src/", import.meta.url)): URL[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(new URL(`${entry.name}/`, dir))
      : /\.tsx?$/.test(entry.name)
        ? [new URL(entry.name, dir)]
        : [],
  );
}

describe("what every page pays as it starts (decision 0027, session 16)", () => {
  it("links prefetch on intent: only components/ui/Link.tsx imports next/link", () => {
    const importers = sourceFiles()
      .filter((file) => valueImports(readFileSync(file, "utf8")).includes("next/link"))
      .map((file) => file.pathname.replace(/^.*\/apps\/web\//, ""));
    expect(importers).toEqual(["src/components/ui/Link.tsx"]);
  });

  it("no number formatter or plural rules from Intl: the first one costs 110-240 ms on a phone", () => {
    const files = [
      ...sourceFiles(),
      new URL("../../../packages/contract/src/messages/format.ts", import.meta.url),
    ];
    for (const file of files) {
      expect(readFileSync(file, "utf8"), file.pathname).not.toMatch(
        /Intl\.(NumberFormat|PluralRules)|toLocaleString\(/,
      );
    }
  });

  it.each([
    "../src/features/comments/comment-state.ts",
    "../src/features/chats/chat-store.ts",
    "../src/features/chats/chat-rules.ts",
  ])("%s orders timestamps and ids without localeCompare (ICU collation: 50-90 ms on a phone)", (path) => {
    expect(readFileSync(new URL(path, import.meta.url), "utf8")).not.toMatch(/localeCompare/);
  });

  it.each([
    "../src/features/content/dates.ts",
    "../src/features/verification/verification-rules.ts",
    "../src/features/kyb/day-label.ts",
    "../src/features/marketing/format.ts",
    "../src/features/billing/billing-text.ts",
  ])("%s makes no Intl date formatter as it loads (cards and badges use it on every page)", (path) => {
    expect(readFileSync(new URL(path, import.meta.url), "utf8")).not.toMatch(
      /^(export )?const \w+ = new Intl\./m,
    );
  });
});

describe("the shell every page loads (decision 0027, session 20)", () => {
  it("the verification gate's provider holds the popup only: the policy, plans and verification rules load with the screens that ask", () => {
    const source = readFileSync(
      new URL("../src/features/verification/VerificationGate.tsx", import.meta.url),
      "utf8",
    );
    const imports = valueImports(source);
    expect(imports).not.toContain("@vn/contract");
    expect(imports).not.toContain("./verification-rules");
    expect(imports).not.toContain("@/lib/actor");
    // The screens' hook is where the rules are asked.
    const hook = readFileSync(
      new URL("../src/features/verification/use-verification-gate.ts", import.meta.url),
      "utf8",
    );
    expect(valueImports(hook)).toContain("./verification-rules");
    const askers = sourceFiles().filter((file) =>
      valueImports(readFileSync(file, "utf8")).some((from) =>
        /verification\/VerificationGate$|\.\/VerificationGate$/.test(from),
      ),
    );
    expect(askers.map((file) => file.pathname.replace(/^.*\/apps\/web\//, ""))).toEqual([
      "src/components/shell/Providers.tsx",
      "src/features/verification/use-verification-gate.ts",
    ]);
  });

  it("the Button's asChild is our own Slot, not Radix's (the header's buttons load on every page)", () => {
    const source = readFileSync(new URL("../src/components/ui/Button.tsx", import.meta.url), "utf8");
    expect(valueImports(source)).not.toContain("radix-ui");
  });
});
