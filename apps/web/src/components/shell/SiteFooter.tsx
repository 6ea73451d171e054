import { PRODUCT_NAME } from "@vn/contract";
import { serverMessages } from "@vn/contract/messages/server";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";
import { Logo } from "./Logo";

const links = [
  { href: routes.companies, label: "Companies" },
  { href: routes.advertise, label: "Advertise" },
  { href: routes.blog, label: "Blog" },
  { href: routes.faq, label: "Help & FAQ" },
  { href: routes.trustCenter, label: "Trust Center" },
  { href: routes.terms, label: "Terms of Service" },
  { href: routes.privacy, label: "Privacy Policy" },
  { href: routes.cookies, label: "Cookie Policy" },
] as const;

export function SiteFooter() {
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto flex w-full max-w-[1128px] flex-col gap-6 px-4 py-8 md:flex-row md:items-start md:justify-between">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="max-w-xs text-sm text-ink-muted">
            The network where every profile is a verified person or a verified business.
          </p>
        </div>
        <nav aria-label={serverMessages.footerNavigation}>
          <ul className="grid grid-cols-2 gap-x-8 gap-y-1 sm:grid-cols-3 md:gap-x-10">
            {links.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className="inline-flex min-h-10 items-center text-sm font-medium text-ink-muted hover:text-brand hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto w-full max-w-[1128px] px-4 py-4 text-xs text-ink-muted">
          © {new Date().getFullYear()} {PRODUCT_NAME}. Prices are shown in USD.
        </p>
      </div>
    </footer>
  );
}
