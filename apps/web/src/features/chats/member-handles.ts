/** The handles typed into a members field ("anna, @priya  lena"): without "@", once each. */
export function parseHandles(text: string): string[] {
  const handles = text
    .split(/[\s,;]+/)
    .map((part) => part.trim().replace(/^@/, ""))
    .filter(Boolean);
  return [...new Set(handles)];
}
