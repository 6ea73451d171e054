/**
 * Where a media file's objects live in storage (docs/decisions/0006-media-pipeline.md): the
 * private original, the public outputs served by name, and the private outputs (document PDFs)
 * served only through checked routes. Everything of one file sits under these three prefixes.
 */
export const originalKeyOf = (mediaId: string) => `originals/${mediaId}/original`;

export const storagePrefixesOf = (mediaId: string) => [
  `originals/${mediaId}/`,
  `public/${mediaId}/`,
  `private/${mediaId}/`,
];
