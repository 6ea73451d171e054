/**
 * Runs in the browser before the app's own modules (Next's client instrumentation hook).
 *
 * Pages run under a CSP without 'unsafe-eval' (src/lib/csp.ts). Zod compiles a fast parser with
 * `new Function` where it may, and probes for that when its first object schema is built: under
 * the CSP the probe fails quietly but is reported as a violation. Jitless parsing needs no probe.
 *
 * Set on zod's global config object, the one `z.config()` writes and zod adopts when it loads,
 * rather than by importing zod here: this file is in every page's first load, and zod is only
 * loaded by the pages and forms that use it (decision 0027, session 11). test/zod-config.test.ts
 * checks that zod still reads it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

export {};
