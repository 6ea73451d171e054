import { PRIVACY_EMAIL, PRODUCT_NAME, SESSION_COOKIE_NAME } from "@vn/contract";
import type { Metadata } from "next";
import { Link } from "@/components/ui/Link";
import { DocumentPage, type DocumentSection } from "@/features/marketing/DocumentPage";
import { routes } from "@/lib/paths";
import { HISTORY_STORAGE_KEY } from "@/lib/route-history";

export const metadata: Metadata = {
  title: "Cookie Policy",
  description: `The cookies and browser storage ${PRODUCT_NAME} uses, and why.`,
};

const sections: DocumentSection[] = [
  {
    id: "what",
    title: "What cookies are",
    content: (
      <p>
        Cookies are small files a website stores in your browser. Browser storage (session storage) works in a
        similar way but stays on your device. We use both only to make the Services work; we do not use
        advertising or cross-site tracking cookies.
      </p>
    ),
  },
  {
    id: "list",
    title: "What we use",
    content: (
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Purpose</th>
            <th scope="col">Lasts</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>{SESSION_COOKIE_NAME}</code>
            </td>
            <td>Keeps you signed in. Strictly necessary; secure and not readable by scripts.</td>
            <td>1 day</td>
          </tr>
          <tr>
            <td>
              <code>status-kyb</code>, <code>slug-kyb</code>
            </td>
            <td>
              Remember a company invitation you opened before signing in, so it can be completed afterwards.
            </td>
            <td>Until used</td>
          </tr>
          <tr>
            <td>
              <code>{HISTORY_STORAGE_KEY}</code> (session storage)
            </td>
            <td>The last pages you visited in this tab, so &ldquo;back&rdquo; works after a reload.</td>
            <td>Until the tab is closed</td>
          </tr>
        </tbody>
      </table>
    ),
  },
  {
    id: "choices",
    title: "Your choices",
    content: (
      <p>
        Because we only use strictly necessary cookies, no consent banner is needed. You can still block or
        delete cookies in your browser settings; if you block the session cookie you will not be able to sign
        in.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    content: (
      <p>
        Questions about cookies: <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>. See also our{" "}
        <Link href={routes.privacy}>Privacy Policy</Link>.
      </p>
    ),
  },
];

export default function CookiesPage() {
  return (
    <DocumentPage
      eyebrow="Legal"
      title="Cookie Policy"
      updated="Last updated November 1, 2026"
      intro={<p>We keep browser storage to the minimum the Services need. Here is every item, and why.</p>}
      sections={sections}
    />
  );
}
