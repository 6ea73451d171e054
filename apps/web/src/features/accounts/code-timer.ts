/**
 * Timing of the one-time code step: the code's remaining life (spec §9: codes expire, 10 minutes)
 * and the cooldown before another code may be requested, so nobody floods their own inbox.
 */

/** Seconds between two "send a new code" requests. */
export const CODE_RESEND_COOLDOWN_S = 60;

/** "9:05" for 545 000 ms; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

/** Whole seconds left before another code may be requested (0 = now). */
export function resendSecondsLeft(lastSentAt: number, now: number): number {
  return Math.max(0, Math.ceil((lastSentAt + CODE_RESEND_COOLDOWN_S * 1000 - now) / 1000));
}

/** Milliseconds left before the code expires; 0 once expired or when the time is unknown. */
export function codeMsLeft(expiresAt: string | null, now: number): number {
  if (!expiresAt) return 0;
  const end = Date.parse(expiresAt);
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}
