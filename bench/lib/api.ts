/**
 * What every benchmark's API process shares: production mode, no jobs, no request logs, limits
 * out of the way, and the origin the web app would call from (better-auth checks the Origin of
 * JSON calls); plus signing a seeded person in as that web app would.
 */
export const BENCH_PASSWORD = "demo-password-2026";
export const WEB_ORIGIN = "http://localhost:3000";

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
    WEB_ORIGIN,
  };
}

/** Signs a seeded person in (email+password); the response carries the token and session cookie. */
export async function signInSeeded(apiUrl: string, email: string): Promise<Response> {
  const response = await fetch(`${apiUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: WEB_ORIGIN },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response;
}
