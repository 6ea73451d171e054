import http from "node:http";
import { performance } from "node:perf_hooks";

/**
 * An open-loop load: `rate` requests a second, evenly spaced, on at most `connections` keep-alive
 * connections; each request's latency runs from the moment it was due, not from when a free
 * connection sent it, so a stalled server shows in the figures instead of slowing the offer
 * (coordinated omission).
 *
 * Why not autocannon's `overallRate`: it gives each connection a quota per second and resets the
 * quotas on one timer, so every connection sends its whole second's quota back to back at the
 * start of the second and then waits. Half of the saturation rate is offered as saturation for
 * half of each second and silence for the rest, and its p99 is the queue of that burst (the feed's
 * page 1: p50 20 ms, p99 139 ms at "half its saturation").
 */
export interface PacedResult {
  /** Answers received per second of the run. */
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
}

export async function pacedLoad(options: {
  url: string;
  headers?: Record<string, string>;
  rate: number;
  seconds: number;
  connections?: number;
}): Promise<PacedResult> {
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections ?? 50 });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;

  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          headers: options.headers ?? {},
          agent,
        },
        (response) => {
          response.resume();
          response.on("end", () => {
            latencies.push(performance.now() - due);
            const status = response.statusCode ?? 0;
            if (status < 200 || status >= 300) non2xx++;
            resolve();
          });
        },
      );
      request.on("error", () => {
        errors++;
        resolve();
      });
      request.end();
    });

  const interval = 1000 / options.rate;
  const total = Math.max(1, Math.round(options.rate * options.seconds));
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let sent = 0;
  // A 1 ms tick sends every request whose time has come (timers fire late under load; the
  // requests they owe are sent at once and their latency still counts from when they were due).
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * interval <= now) {
        inFlight.push(send(started + sent * interval));
        sent++;
      }
      if (sent < total) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - started) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil(share * latencies.length) - 1)] ?? 0;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requestsPerSecond: Math.round(latencies.length / elapsedSeconds),
    latencyP50Ms: round(at(0.5)),
    latencyP99Ms: round(at(0.99)),
    errors,
    non2xx,
  };
}
