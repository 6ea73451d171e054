import { decodeEntities } from "@vn/contract";
/**
 * The API's highlights are escaped text with <mark>…</mark> around matches (contract
 * search.ts). They become text segments for React to render, so no HTML is ever injected; any
 * other tag stays visible as text.
 */
export interface HighlightSegment {
  text: string;
  match: boolean;
}

export function highlightSegments(html: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  const pattern = /<mark>([\s\S]*?)<\/mark>/g;
  let last = 0;
  for (const found of html.matchAll(pattern)) {
    const index = found.index ?? 0;
    if (index > last) segments.push({ text: decodeEntities(html.slice(last, index)), match: false });
    segments.push({ text: decodeEntities(found[1] ?? ""), match: true });
    last = index + found[0].length;
  }
  if (last < html.length) segments.push({ text: decodeEntities(html.slice(last)), match: false });
  return segments.filter((segment) => segment.text.length > 0);
}
