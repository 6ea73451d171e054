/**
 * Text cleanup (§5): trim, collapse repeated spaces and blank lines. Never applied to passwords;
 * forms opt fields out by name (see isPasswordField).
 */
export function cleanText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]{2,}/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * Characters no text of ours may hold (issue 11): NUL, which PostgreSQL cannot store, the other
 * C0 control characters and DEL (invisible, and a way to smuggle text past what a reader sees) —
 * tab, line feed and carriage return stay — and lone UTF-16 surrogates, which are not Unicode text
 * and cannot be written as UTF-8. One rule for every field: the schemas refuse such text, and the
 * API applies the same rule to every string of every request (plugins/error-handler.ts).
 */
const forbiddenCharacters =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the rule's point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenCharacters(value: string): boolean {
  return forbiddenCharacters.test(value);
}

export function isPasswordField(name: string): boolean {
  return /password/i.test(name);
}

/** Cleans every string of a form's values except password fields. */
export function cleanFormValues<T extends Record<string, unknown>>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] = typeof value === "string" && !isPasswordField(key) ? cleanText(value) : value;
  }
  return out as T;
}

/** Cuts text to `max` characters on a word boundary, with an ellipsis (meta description, share text). */
export function truncateText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe to put in HTML or XML (element content and quoted attributes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c]!);
}

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  "#39": "'",
  "#x27": "'",
};

/**
 * The common named entities back to characters, in one pass (so "&amp;lt;" stays "&lt;"); a
 * non-breaking space becomes a plain one. Anything else stays as written.
 */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(#x27|#39|amp|lt|gt|quot|apos|nbsp);/g,
    (found, name: string) => entities[name] ?? found,
  );
}
