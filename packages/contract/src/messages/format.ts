/** Filling message templates (../messages.ts): placeholders and counts. */
import { formatDecimal } from "./en-us";

/** Fills `{name}` placeholders, e.g. format(messages.minChars, { count: 8 }). */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/**
 * A count in its sentence, in the grammatical form the number takes ("1 reaction", "2 reactions",
 * "1,204 reactions"): the one place screens turn a number into words. `{count}` is the grouped
 * number; other placeholders come from `values`.
 */
export function formatCount(
  count: number,
  forms: { one: string; other: string },
  values: Record<string, string | number> = {},
): string {
  // English has one form for exactly one (CLDR's en rule: "one" for 1 and -1 only),
  // written here rather than asked of Intl, whose formatters are costly to make (./en-us.ts).
  const template = Math.abs(count) === 1 ? forms.one : forms.other;
  return format(template, { ...values, count: formatDecimal(count) });
}
