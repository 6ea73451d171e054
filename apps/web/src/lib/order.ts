/**
 * Orders machine text (ISO timestamps, ids) by code unit, as the API's ORDER BY on these columns
 * does. Not localeCompare: its first call loads ICU's collation data, 50–90 ms of main thread on
 * Lighthouse's mobile profile (decision 0027, session 16), and a locale's order means nothing for
 * "2026-11-29T10:00:00.000Z" or a UUID. Names people read still use localeCompare.
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
