import { META_DESCRIPTION_MAX, PRODUCT_NAME, truncateText } from "@vn/contract";
import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { ApiOriginTag } from "@/components/shell/ApiOriginTag";
import { Providers } from "@/components/shell/Providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: `${PRODUCT_NAME}: verified people and companies`, template: `%s | ${PRODUCT_NAME}` },
  description: truncateText(
    "A social and publishing network where every profile is a verified person or a verified business. Follow, publish, chat and grow with people you can trust.",
    META_DESCRIPTION_MAX,
  ),
  applicationName: PRODUCT_NAME,
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#ffffff",
};

/** The root: document, global styles and app-wide providers. The visible frame (header, footer)
 * is chosen per route group or page with <PageChrome> (components/shell/PageChrome.tsx).
 *
 * Every page is rendered per request, so its scripts carry that response's CSP nonce (src/proxy.ts,
 * lib/csp.ts): a page prerendered at build would have none. The anonymous render is the one
 * exception (`dynamic = "force-static"`, where connection() does not wait): Next keeps it in its
 * page cache, and the proxy gives it the build's cached-render nonce. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body>
        {/* Every page may hear server events (the header's notifications, live comments, verification). */}
        <ApiOriginTag />
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
