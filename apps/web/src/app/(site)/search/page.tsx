import { commonMessages } from "@vn/contract/messages/common";
import type { Metadata } from "next";
import { Suspense } from "react";
import { SearchView } from "@/features/search/SearchView";

export const metadata: Metadata = { title: commonMessages.searchLabel, robots: { index: false } };

/** /search?search={term} (spec §2). */
export default function SearchPage() {
  return (
    <Suspense fallback={null}>
      <SearchView />
    </Suspense>
  );
}
