/**
 * en-US numbers, dollars and UTC dates written without Intl, exactly as Intl writes them.
 *
 * Why: the first Intl.NumberFormat a page makes costs 110–240 ms of main thread on Lighthouse's
 * mobile profile (4x CPU slowdown; ICU loads its number data), the first Intl.DateTimeFormat
 * 15–30 ms, and modules made them as they loaded, on every page (decision 0027, session 16).
 * These functions write the same text with string work. Values they do not cover (non-finite
 * numbers, exponent notation, years outside 1000–9999, invalid dates) go to a lazily made Intl
 * formatter, so the answer is always Intl's. `test/en-us.test.ts` compares them with Intl.
 */
import { CURRENCY } from "../constants";

/** Options as Intl.NumberFormat takes them, for plain decimals. */
export interface DecimalDigits {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/**
 * CLDR 42 put a narrow no-break space before AM/PM; V8 (Node and Chromium alike) writes a plain
 * space again for compatibility, and the test checks this against Node's Intl.
 */
const BEFORE_DAY_PERIOD = " ";

/** "1,234", "1,234.5", "-0.333": Intl.NumberFormat("en-US") with these fraction digits. */
export function formatDecimal(value: number, digits: DecimalDigits = {}): string {
  const min = digits.minimumFractionDigits ?? 0;
  const max = Math.max(min, digits.maximumFractionDigits ?? Math.max(min, 3));
  const parts = decimalParts(value, min, max);
  if (!parts) return intlNumber(value, min, max);
  return `${parts.negative ? "-" : ""}${parts.whole}${parts.fraction ? `.${parts.fraction}` : ""}`;
}

/** "$9.99", "-$3.20", "$3,000" (wholeDollars: no cents): Intl's en-US USD currency format. */
export function formatDollars(value: number, { wholeDollars = false } = {}): string {
  const [min, max] = wholeDollars ? [0, 0] : [2, 2];
  const parts = decimalParts(value, min, max);
  if (!parts) return intlCurrency(value, min, max);
  return `${parts.negative ? "-" : ""}$${parts.whole}${parts.fraction ? `.${parts.fraction}` : ""}`;
}

/** "Mar 5, 2026": Intl's en-US medium date in UTC. */
export function formatUtcDate(date: Date): string {
  const year = plainYear(date);
  if (year === null) return intlDate(date, { dateStyle: "medium", timeZone: "UTC" });
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${year}`;
}

/** "Mar 5, 2026, 2:07 PM": Intl's en-US medium date and short time in UTC. */
export function formatUtcDateTime(date: Date): string {
  const year = plainYear(date);
  if (year === null) return intlDate(date, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, "0");
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${minutes}${BEFORE_DAY_PERIOD}${hours < 12 ? "AM" : "PM"}`;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${year}, ${clock}`;
}

/** "Nov 2026": Intl's en-US short month and year in UTC. */
export function formatUtcMonthYear(date: Date): string {
  const year = plainYear(date);
  if (year === null) return intlDate(date, { month: "short", year: "numeric", timeZone: "UTC" });
  return `${MONTHS[date.getUTCMonth()]} ${year}`;
}

/** The year when it is written as four plain digits, else null (Intl handles the rest). */
function plainYear(date: Date): number | null {
  const year = date.getUTCFullYear();
  return year >= 1000 && year <= 9999 ? year : null;
}

/**
 * The grouped whole part and the fraction of |value|, rounded half away from zero at `max`
 * fraction digits as Intl does: on the shortest decimal that reads back as the value (String()),
 * not on the binary double (1.005 rounds to 1.01, where toFixed writes 1.00). Null when String()
 * does not write plain digits (NaN, Infinity, exponent notation).
 */
function decimalParts(
  value: number,
  min: number,
  max: number,
): { negative: boolean; whole: string; fraction: string } | null {
  const text = String(Math.abs(value));
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const [wholeText = "0", fractionText = ""] = text.split(".");
  let digits = wholeText + fractionText.padEnd(max, "0").slice(0, max);
  if ((fractionText[max] ?? "0") >= "5") digits = addOne(digits);
  const wholeLength = digits.length - max;
  const whole = digits.slice(0, wholeLength).replace(/^0+(?=\d)/, "");
  let fraction = digits.slice(wholeLength);
  while (fraction.length > min && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  // Intl keeps the sign of a negative value, even of one that rounds to zero ("-0"), and of -0.
  const negative = value < 0 || Object.is(value, -0);
  return { negative, whole: group(whole), fraction };
}

/** Adds one to a string of decimal digits ("0999" → "1000"). */
function addOne(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return `1${out.join("")}`;
}

function group(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

// The fallbacks, made when first needed -------------------------------------------------------

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

function intlNumber(value: number, min: number, max: number): string {
  return cached(
    `n${min}-${max}`,
    () => new Intl.NumberFormat("en-US", { minimumFractionDigits: min, maximumFractionDigits: max }),
  ).format(value);
}

function intlCurrency(value: number, min: number, max: number): string {
  return cached(
    `c${min}-${max}`,
    () =>
      new Intl.NumberFormat("en-US", {
        style: "currency",
        currency: CURRENCY,
        minimumFractionDigits: min,
        maximumFractionDigits: max,
      }),
  ).format(value);
}

function intlDate(date: Date, options: Intl.DateTimeFormatOptions): string {
  return cached(`d${JSON.stringify(options)}`, () => new Intl.DateTimeFormat("en-US", options)).format(date);
}
