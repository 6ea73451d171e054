import { escapeHtml } from "@vn/contract";
/**
 * Highlighted matches as safe HTML: every character of the source is HTML-escaped, and the only
 * markup added is <mark>…</mark> around matched words. The web may render the result as HTML.
 */

/** Lower case without accents: "Wójcik" → "wojcik" (the database's lower(vn_unaccent(…))). */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The words of a search term, folded; at most 8 (longer terms add noise, not precision). */
export function termWords(term: string): string[] {
  return [
    ...new Set(
      fold(term)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    ),
  ].slice(0, 8);
}

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** A word of the text matches a query word by prefix, or within a typo or two for longer words. */
function matches(word: string, queryWords: string[]): boolean {
  const folded = fold(word);
  return queryWords.some((q) => {
    if (folded.startsWith(q)) return true;
    // A crude stem: "launches" marks "launching" (shared prefix but for a short ending).
    let shared = 0;
    while (shared < q.length && folded[shared] === q[shared]) shared++;
    if (shared >= 4 && shared >= q.length - 3) return true;
    const allowed = q.length >= 8 ? 2 : q.length >= 3 ? 1 : 0;
    return allowed > 0 && Math.abs(folded.length - q.length) <= allowed && levenshtein(folded, q) <= allowed;
  });
}

/** Marks the words of a short text (a name, a title) that match the search term. */
export function highlightWords(text: string, queryWords: string[]): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const start = match.index ?? 0;
    out += escapeHtml(text.slice(last, start));
    out += matches(match[0], queryWords) ? `<mark>${escapeHtml(match[0])}</mark>` : escapeHtml(match[0]);
    last = start + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/** Sentinels ts_headline wraps matches in; stripped from the source text before it runs. */
export const START_SEL = "\u0002";
export const STOP_SEL = "\u0003";

/** A ts_headline fragment (with sentinels) → safe HTML with <mark>; unbalanced sentinels are dropped. */
export function headlineToHtml(fragment: string): string {
  let open = false;
  let out = "";
  let text = "";
  const flush = () => {
    out += escapeHtml(text);
    text = "";
  };
  for (const char of fragment) {
    if (char === START_SEL || char === STOP_SEL) {
      flush();
      if (char === START_SEL && !open) out += "<mark>";
      if (char === STOP_SEL && open) out += "</mark>";
      open = char === START_SEL;
    } else text += char;
  }
  flush();
  return open ? `${out}</mark>` : out;
}
