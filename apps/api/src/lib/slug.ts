import { randomBytes } from "node:crypto";

/** "Quarterly results: Q3 2026!" → "quarterly-results-q3-2026". Latin letters, digits and hyphens. */
export function slugify(text: string, maxLength = 60): string {
  const base = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/g, "");
  return base || "item";
}

/** A slug that stays stable once given and is unique without a lookup: base + 6 random chars. */
export function uniqueSlug(text: string): string {
  return `${slugify(text, 50)}-${randomBytes(4)
    .toString("base64url")
    .slice(0, 6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x")}`;
}
