/**
 * Block editing the browser's contenteditable does not do by itself (issue 18): leaving a quote,
 * taking a quote off again, and a link typed where nothing is selected. DOM only, no React.
 */

/** The blockquote around the caret inside `root`, if any. */
export function quoteAround(root: HTMLElement, node: Node | null): HTMLElement | null {
  let current: Node | null = node;
  while (current && current !== root) {
    if (current instanceof HTMLElement && current.tagName === "BLOCKQUOTE") return current;
    current = current.parentNode;
  }
  return null;
}

function placeCaretIn(element: HTMLElement): void {
  const selection = element.ownerDocument.getSelection();
  if (!selection) return;
  const range = element.ownerDocument.createRange();
  range.setStart(element, 0);
  range.collapse(true);
  selection.removeAllRanges();
  selection.addRange(range);
}

/** The line of a quote the caret is on: its child block, or the quote itself when it holds bare text. */
function lineOf(quote: HTMLElement, node: Node): Node {
  let current: Node = node;
  while (current.parentNode && current.parentNode !== quote) current = current.parentNode;
  return current;
}

/**
 * Enter on an empty last line of a quote leaves it: that line becomes a paragraph after the
 * quote. Answers true when it did (the caller then prevents the browser's own Enter).
 */
export function leaveQuoteOnEnter(root: HTMLElement): boolean {
  const selection = root.ownerDocument.getSelection();
  const anchor = selection?.anchorNode ?? null;
  if (!selection?.isCollapsed || !anchor) return false;
  const quote = quoteAround(root, anchor);
  if (!quote) return false;
  const line =
    anchor === quote ? (quote.childNodes[selection.anchorOffset] ?? quote.lastChild) : lineOf(quote, anchor);
  if (!line || line !== quote.lastChild || (line.textContent ?? "").trim() !== "") return false;
  // A quote whose only line is empty is no quote: it becomes the paragraph.
  const paragraph = root.ownerDocument.createElement("p");
  paragraph.append(root.ownerDocument.createElement("br"));
  line.parentNode?.removeChild(line);
  // Chrome ends a quote's text with a <br> before the empty line: drop the trailing one.
  if (quote.lastChild instanceof HTMLBRElement) quote.lastChild.remove();
  quote.after(paragraph);
  if ((quote.textContent ?? "").trim() === "") quote.remove();
  placeCaretIn(paragraph);
  return true;
}

/** The quote button on a quote takes it off: its lines become paragraphs. True when it did. */
export function unwrapQuote(root: HTMLElement): boolean {
  const anchor = root.ownerDocument.getSelection()?.anchorNode ?? null;
  const quote = anchor ? quoteAround(root, anchor) : null;
  if (!quote) return false;
  const document = root.ownerDocument;
  const blocks: HTMLElement[] = [];
  let loose: HTMLElement | null = null;
  for (const child of [...quote.childNodes]) {
    if (child instanceof HTMLElement && /^(P|DIV|H2|H3|H4|UL|OL|PRE)$/.test(child.tagName)) {
      loose = null;
      blocks.push(child);
    } else {
      if (!loose) {
        loose = document.createElement("p");
        blocks.push(loose);
      }
      loose.append(child);
    }
  }
  quote.replaceWith(...blocks);
  if (blocks[0]) placeCaretIn(blocks[0]);
  return true;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The HTML a link inserts where nothing is selected: the address itself, linked. */
export function linkHtml(url: string): string {
  const safe = escapeHtml(url);
  return `<a href="${safe}">${safe}</a>`;
}
