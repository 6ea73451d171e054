import { META_DESCRIPTION_MAX, PRODUCT_NAME, truncateText } from "@vn/contract";
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
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
 * is chosen per route group or page with <PageChrome> (components/shell/PageChrome.tsx). */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
