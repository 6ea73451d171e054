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
