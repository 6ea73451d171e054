import http from "node:http";

/**
 * What every benchmark's API process shares: production mode, no jobs, no request logs, limits
 * out of the way, and the web app's origin; plus signing a seeded person in as an API client.
 */
export const BENCH_PASSWORD = "demo-password-2026";
/** Production mode refuses loopback origins (issue 11), so the benchmarks name placeholder ones. */
export const WEB_ORIGIN = "http://web.bench.invalid";

export function benchApiEnv(databaseEnv: Record<string, string>): Record<string, string> {
  return {
    ...databaseEnv,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    LOG_REQUESTS: "false",
    JOBS_ENABLED: "false",
    NODE_ENV: "production",
    RATE_LIMIT_PER_MINUTE: "100000000",
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
    ...benchProductionEnv,
  };
}

/**
 * The API process of the frame benches (health, frame): production mode on an embedded database
 * under `dataDir`, no jobs, info-level logs, request logs as asked.
 */
export function frameApiEnv(dataDir: string, logRequests: boolean): Record<string, string> {
  return {
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    LOG_REQUESTS: String(logRequests),
    JOBS_ENABLED: "false",
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
    ...benchProductionEnv,
  };
}

/**
 * What production mode requires besides (issue 11): SMTP (nothing here mails: seeded people sign
 * in with their password; port 9 discards), a forwarding secret, a public API origin and a real
 * identity vendor (issue 12).
 */
export const benchProductionEnv = {
  SMTP_URL: "smtp://127.0.0.1:9",
  WEB_FORWARD_SECRET: "bench-forward-secret-bench-forward-secret-1",
  API_ORIGIN: "http://api.bench.invalid",
  WEB_ORIGIN,
  // Production has no identity sandbox (anyone could verify); nothing here verifies anyone.
  IDV_PROVIDER: "jumio",
  JUMIO_CLIENT_ID: "bench",
  JUMIO_CLIENT_SECRET: "bench",
  // Nor a business-registry sandbox (issue 14).
  KYB_PROVIDER: "middesk",
  MIDDESK_API_KEY: "bench",
  MIDDESK_WEBHOOK_SECRET: "bench",
  // Nor a payments sandbox (issue 13); nothing here buys anything.
  STRIPE_SECRET_KEY: "sk_test_bench",
  STRIPE_WEBHOOK_SECRET: "whsec_bench",
};

/**
 * Signs a seeded person in (email+password) as an API client: node:http, so no Origin and no
 * Fetch Metadata (node's fetch sends Sec-Fetch-Mode, for which better-auth demands an Origin, and a
 * request with an Origin is a browser's, never handed the token: decision 0015). The response
 * carries the token as well as the session cookie.
 */
export async function signInSeeded(apiUrl: string, email: string): Promise<Response> {
  const body = JSON.stringify({ email, password: BENCH_PASSWORD });
  const response = await new Promise<Response>((resolve, reject) => {
    const request = http.request(
      `${apiUrl}/api/auth/sign-in/email`,
      { method: "POST", headers: { "content-type": "application/json" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const item of [value ?? []].flat()) headers.append(name, item);
          }
          resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers }));
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response;
}
