import { highlightSegments } from "./highlight";

/** A highlight from the API, matches marked; rendered as text, never as HTML. */
export function Highlight({ html }: { html: string }) {
  return (
    <>
      {highlightSegments(html).map((segment, index) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one string never reorder
          <mark key={index} className="rounded-sm bg-warning-soft px-0.5 text-ink">
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one string never reorder
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
