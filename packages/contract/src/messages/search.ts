/**
 * Strings of the web's search feature (apps/web/src/features/search).
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const searchMessages = {
  // Web: the social layer (issue 6). Texts the spec does not give.
  searchHeading: "Search results for “{term}”",
  searchPrompt: "Type at least two characters to search people, companies and publications.",
  searchEmpty: "No results for “{term}”. Check the spelling or try other words.",
  searchKindAll: "All",
  searchKindPeople: "People",
  searchKindCompanies: "Companies",
  searchKindPublications: "Publications",
  searchFilterLabel: "Show results",
  searchShowAll: "See all {kind}",
  searchMore: "More results",
} as const;
