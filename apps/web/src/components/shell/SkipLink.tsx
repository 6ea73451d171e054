import { serverMessages } from "@vn/contract/messages/server";

export const MAIN_CONTENT_ID = "main-content";

/** The first tab stop on every page: jumps past the header to the page's <main>. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70] focus:inline-flex focus:min-h-10 focus:items-center focus:rounded-full focus:bg-brand focus:px-5 focus:font-semibold focus:text-white focus:shadow-pop"
    >
      {serverMessages.skipToContent}
    </a>
  );
}
