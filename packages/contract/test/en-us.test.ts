import { describe, expect, it } from "vitest";
import {
  formatDecimal,
  formatDollars,
  formatUtcDate,
  formatUtcDateTime,
  formatUtcMonthYear,
} from "../src/messages/en-us";
import { formatCount } from "../src/messages/format";

/**
 * The Intl-free writers must write what Intl writes (Node's ICU, as the server renders), for every
 * value the product shows and the odd ones: a difference would also break hydration, since the
 * server and the browser render the same text.
 */
const intl = (options: Intl.NumberFormatOptions = {}) => new Intl.NumberFormat("en-US", options);

/** A fixed pseudo-random sequence, so a failure names a value that can be tried again. */
function* values(count: number): Generator<number> {
  let seed = 20261129;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = 0; i < count; i++) {
    const scale = 10 ** Math.floor(next() * 12 - 3);
    const sign = next() < 0.2 ? -1 : 1;
    yield sign * next() * scale;
    yield sign * Math.round(next() * scale);
    yield (sign * Math.round(next() * scale * 100)) / 100;
  }
}

const edges = [
  0,
  -0,
  1,
  -1,
  9,
  10,
  999,
  1000,
  1001,
  9999.9995,
  999999,
  1_000_000,
  1234567.891,
  1.005,
  2.675,
  0.5,
  1.5,
  2.5,
  -2.5,
  0.0005,
  0.0004,
  -0.0004,
  0.1 + 0.2,
  99.995,
  999.9999,
  1e-7,
  1e21,
  123e20,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

describe("numbers without Intl", () => {
  it("writes decimals as Intl.NumberFormat('en-US') does, at several fraction digits", () => {
    const options: Intl.NumberFormatOptions[] = [
      {},
      { maximumFractionDigits: 0 },
      { minimumFractionDigits: 2, maximumFractionDigits: 2 },
      { minimumFractionDigits: 1, maximumFractionDigits: 4 },
    ];
    for (const option of options) {
      const expected = intl(option);
      for (const value of [...edges, ...values(3000)]) {
        expect(formatDecimal(value, option), `${value} ${JSON.stringify(option)}`).toBe(
          expected.format(value),
        );
      }
    }
  });

  it("writes dollars as Intl's USD currency format does, with and without cents", () => {
    const cents = intl({ style: "currency", currency: "USD" });
    const whole = intl({ style: "currency", currency: "USD", maximumFractionDigits: 0 });
    for (const value of [...edges, ...values(3000)]) {
      expect(formatDollars(value), String(value)).toBe(cents.format(value));
      expect(formatDollars(value, { wholeDollars: true }), String(value)).toBe(whole.format(value));
    }
    expect(formatDollars(9.99)).toBe("$9.99");
    expect(formatDollars(-3.2)).toBe("-$3.20");
    expect(formatDollars(3000, { wholeDollars: true })).toBe("$3,000");
  });

  it("counts: grouped numbers in the right grammatical form", () => {
    const forms = { one: "{count} reaction", other: "{count} reactions" };
    expect(formatCount(1, forms)).toBe("1 reaction");
    expect(formatCount(0, forms)).toBe("0 reactions");
    expect(formatCount(2, forms)).toBe("2 reactions");
    expect(formatCount(1204, forms)).toBe("1,204 reactions");
    const rules = new Intl.PluralRules("en-US");
    for (const value of [...edges, ...values(500), -1, 1.0, 1.5, 0.999]) {
      const expected = format(rules.select(value) === "one" ? forms.one : forms.other, intl().format(value));
      expect(formatCount(value, forms), String(value)).toBe(expected);
    }
  });
});

function format(template: string, count: string): string {
  return template.replace("{count}", count);
}

describe("UTC dates without Intl", () => {
  const medium = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
  const mediumShort = new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  const monthYear = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

  it("writes what Intl writes, every hour of every month and at the edges of its range", () => {
    const dates: Date[] = [];
    for (let month = 0; month < 12; month++) {
      for (let hour = 0; hour < 24; hour++)
        dates.push(new Date(Date.UTC(2026, month, 1 + hour, hour, hour * 2)));
    }
    dates.push(
      new Date(Date.UTC(2026, 10, 29, 0, 0)),
      new Date(Date.UTC(2026, 10, 29, 12, 0)),
      new Date(Date.UTC(2026, 10, 29, 23, 59, 59, 999)),
      new Date("0999-12-31T23:00:00Z"),
      new Date("1000-01-01T00:00:00Z"),
      new Date("9999-12-31T23:59:00Z"),
      new Date("+010000-01-01T00:00:00Z"),
      new Date("-000050-06-01T00:00:00Z"),
      new Date(Date.UTC(5, 2, 3)),
    );
    for (const date of dates) {
      expect(formatUtcDate(date), date.toISOString()).toBe(medium.format(date));
      expect(formatUtcDateTime(date), date.toISOString()).toBe(mediumShort.format(date));
      expect(formatUtcMonthYear(date), date.toISOString()).toBe(monthYear.format(date));
    }
    expect(formatUtcDate(new Date("2026-03-05T14:07:00Z"))).toBe("Mar 5, 2026");
  });

  it("an invalid date is refused as Intl refuses it", () => {
    expect(() => formatUtcDate(new Date("nope"))).toThrow(RangeError);
    expect(() => formatUtcDateTime(new Date("nope"))).toThrow(RangeError);
  });
});
