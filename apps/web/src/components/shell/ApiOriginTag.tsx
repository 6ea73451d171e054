/**
 * The API origin the browser's socket connects to (src/lib/socket.ts reads it), in every page (the
 * root layout): the header's notifications listen everywhere. Read when the page renders, so a
 * built app can be pointed at any API.
 */
export function ApiOriginTag() {
  const origin = process.env.PUBLIC_API_ORIGIN ?? process.env.API_ORIGIN ?? "";
  return origin ? <meta name="api-origin" content={origin} /> : null;
}
