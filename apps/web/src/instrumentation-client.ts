import { z } from "zod";

/**
 * Runs in the browser before the app's own modules (Next's client instrumentation hook).
 *
 * Pages run under a CSP without 'unsafe-eval' (src/lib/csp.ts). Zod compiles a fast parser with
 * `new Function` where it may, and probes for that when its first object schema is built (the
 * contract builds hundreds at import): under the CSP the probe fails quietly but is reported as a
 * violation on every page load. Jitless parsing needs no probe.
 */
z.config({ jitless: true });
