"use client";

import { contentMessages } from "@vn/contract/messages/content";
import { useEffect, useId, useRef } from "react";
import { cn } from "@/lib/cn";
import { leaveQuoteOnEnter, linkHtml, unwrapQuote } from "./rich-text-blocks";

interface ToolbarAction {
  label: string;
  text: string;
  run: () => void;
}

function exec(command: string, value?: string) {
  document.execCommand(command, false, value);
}

/** A link or image address the editor accepts: http(s) only (the server sanitizes again). */
function askUrl(prompt: string): string | null {
  const answer = window.prompt(prompt)?.trim();
  if (!answer) return null;
  return /^https?:\/\//i.test(answer) ? answer : null;
}

/**
 * A small rich-text editor for articles and other long kinds: a contenteditable region with a
 * toolbar (H2, H3, bold, italic, lists, quote, link, image by URL) producing HTML. The API
 * sanitizes what arrives, so this only has to be pleasant and accessible.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
}) {
  const region = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const errorId = useId();
  const initial = useRef(value);
  useEffect(() => {
    if (region.current) region.current.innerHTML = initial.current;
    // Enter makes a paragraph, not a <div> (which the API would not keep as a block).
    exec("defaultParagraphSeparator", "p");
  }, []);
  const act = (fn: () => void) => () => {
    region.current?.focus();
    fn();
    onChange(region.current?.innerHTML ?? "");
  };
  const actions: ToolbarAction[] = [
    { label: contentMessages.editorHeading2, text: "H2", run: () => exec("formatBlock", "h2") },
    { label: contentMessages.editorHeading3, text: "H3", run: () => exec("formatBlock", "h3") },
    { label: contentMessages.editorBold, text: "B", run: () => exec("bold") },
    { label: contentMessages.editorItalic, text: "I", run: () => exec("italic") },
    { label: contentMessages.editorBulletList, text: "•", run: () => exec("insertUnorderedList") },
    { label: contentMessages.editorNumberedList, text: "1.", run: () => exec("insertOrderedList") },
    {
      label: contentMessages.editorQuote,
      text: "❝",
      // Pressed inside a quote it takes the quote off; elsewhere it makes the line one.
      run: () => {
        if (!region.current || !unwrapQuote(region.current)) exec("formatBlock", "blockquote");
      },
    },
    {
      label: contentMessages.editorLink,
      text: "🔗",
      run: () => {
        const selection = window.getSelection();
        // The prompt takes the focus (and in some browsers the selection): keep where it was.
        const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
        const url = askUrl(contentMessages.editorLinkPrompt);
        if (!url) return;
        region.current?.focus();
        if (range && selection) {
          selection.removeAllRanges();
          selection.addRange(range);
        }
        // Nothing selected: the address itself becomes the link's text.
        if (!range || range.collapsed) exec("insertHTML", linkHtml(url));
        else exec("createLink", url);
      },
    },
    {
      label: contentMessages.editorImage,
      text: "🖼",
      run: () => {
        const url = askUrl(contentMessages.editorImagePrompt);
        if (url) exec("insertImage", url);
      },
    },
  ];
  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-semibold text-ink">
        {label}
      </span>
      <div
        className={cn(
          "overflow-hidden rounded-lg ring-1 ring-inset",
          error ? "ring-2 ring-danger" : "ring-line-strong",
        )}
      >
        <div
          role="toolbar"
          aria-label={contentMessages.editorToolbar}
          className="flex flex-wrap gap-1 border-b border-line bg-black/[0.02] p-1.5"
        >
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              // The visible text stays part of the name (WCAG 2.5.3, label in name).
              aria-label={
                action.text.length > 1 && /\w/.test(action.text)
                  ? `${action.label} ${action.text}`
                  : action.label
              }
              title={action.label}
              onMouseDown={(event) => event.preventDefault()}
              onClick={act(action.run)}
              className="inline-flex size-10 cursor-pointer items-center justify-center rounded-md text-sm font-bold text-ink hover:bg-black/[0.06]"
            >
              <span aria-hidden="true">{action.text}</span>
            </button>
          ))}
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a rich-text region has no native element */}
        <div
          ref={region}
          role="textbox"
          tabIndex={0}
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          contentEditable
          suppressContentEditableWarning
          onInput={(event) => onChange(event.currentTarget.innerHTML)}
          onKeyDown={(event) => {
            if (event.key !== "Enter" || event.shiftKey || !region.current) return;
            if (leaveQuoteOnEnter(region.current)) {
              event.preventDefault();
              onChange(region.current.innerHTML);
            }
          }}
          className="rich-text min-h-64 bg-surface px-4 py-3 text-[1.02rem] leading-relaxed text-ink outline-none focus-visible:outline-2 focus-visible:outline-brand"
        />
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
