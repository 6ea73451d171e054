/**
 * Import rules (`npm run deps`; part of `npm run verify` and of `npm test`, so CI runs it too).
 * Layers, left to right: packages/contract ← apps/api ← apps/web; tests and bench sit on top.
 * Type-only imports count everywhere: a circle through types is still a circle.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "contract-imports-nothing-of-ours",
      comment: "packages/contract is the bottom layer: it imports no app, test or bench code.",
      severity: "error",
      from: { path: "^packages/contract/" },
      to: { path: "^(apps|tests|bench)/" },
    },
    {
      name: "web-never-imports-api",
      comment: "apps/web talks to the API over HTTP and shares only @vn/contract with it.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^apps/api/" },
    },
    {
      name: "no-circular-api",
      comment: "No import circle inside apps/api/src (type-only imports included).",
      severity: "error",
      from: { path: "^apps/api/src/" },
      to: { circular: true },
    },
    {
      name: "no-circular-web",
      comment: "No import circle inside apps/web/src (type-only imports included).",
      severity: "error",
      from: { path: "^apps/web/src/" },
      to: { circular: true },
    },
    {
      name: "seed-only-from-seed-tests-bench",
      comment:
        "Production code never imports the seed library; only the seed itself, the API tests, the browser tests and the benches do.",
      severity: "error",
      from: { pathNot: "^(apps/api/src/seed/|apps/api/test/|bench/|tests/)" },
      to: { path: "^apps/api/src/seed/" },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    exclude: { path: "(^|/)(node_modules|\\.next[^/]*|artifacts|results|migrations)/" },
    // Type-only imports (`import type`, type-only re-exports) are dependencies too.
    tsPreCompilationDeps: true,
    // tsconfig.deps.json: tsconfig.base.json plus the web's one path alias ("@/*" → apps/web/src/*,
    // as in apps/web/tsconfig.json), which no other workspace uses.
    tsConfig: { fileName: "tsconfig.deps.json" },
    // "@vn/contract" (and its subpaths) resolves through the workspace symlink and the package's
    // "exports" to packages/contract/src.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", ".d.ts", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};
