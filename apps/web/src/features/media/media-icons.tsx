/** The player's glyphs (24 px grid, drawn at 20 px): the audio bar's controls and the play marks
 * of videos and podcasts in publications and galleries. */
export const mediaGlyph = (path: string, fill = true) => (
  <svg
    viewBox="0 0 24 24"
    width={20}
    height={20}
    aria-hidden="true"
    fill={fill ? "currentColor" : "none"}
    stroke={fill ? "none" : "currentColor"}
    strokeWidth={2}
  >
    <path d={path} />
  </svg>
);

export const playIcon = mediaGlyph("M7 4.5v15l13-7.5-13-7.5Z");
