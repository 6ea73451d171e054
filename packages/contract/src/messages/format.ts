/** Filling message templates (../messages.ts): placeholders and counts. */
/** Fills `{name}` placeholders, e.g. format(messages.minChars, { count: 8 }). */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

const pluralRules = new Intl.PluralRules("en-US");
const countFormat = new Intl.NumberFormat("en-US");

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
  const template = pluralRules.select(count) === "one" ? forms.one : forms.other;
  return format(template, { ...values, count: countFormat.format(count) });
}
