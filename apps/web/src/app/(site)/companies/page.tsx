import { AD_OFFER_CREDIT_USD, AD_OFFER_MIN_SPEND_USD, addonPrices, PRODUCT_NAME } from "@vn/contract";
import { serverMessages } from "@vn/contract/messages/server";
import type { Metadata } from "next";
import { Button } from "@/components/ui/Button";
import { Icon, type IconName } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { EnterpriseEnquiryButton } from "@/features/leads/EnterpriseEnquiryButton";
import { formatUsd } from "@/features/marketing/format";
import { PlanCards } from "@/features/marketing/PlanCards";
import { routes } from "@/lib/paths";

export const metadata: Metadata = {
  title: "Companies",
  description: `Verified company pages on ${PRODUCT_NAME}: business verification, teams, publishing and plans in USD.`,
};

const steps: { title: string; body: string }[] = [
  {
    title: "Create the page",
    body: "From your verified personal account, add a company: name, handle, logo and country.",
  },
  {
    title: "Add company details",
    body: "Registration number, registered address and industry, as on the official register.",
  },
  {
    title: "Upload supporting documents",
    body: "A recent registry extract or certificate of incorporation, and proof of address.",
  },
  {
    title: "Invite directors",
    body: "Directors confirm with their own verified accounts. You can cancel and resend invitations.",
  },
  {
    title: "Submit for review",
    body: "We check everything and publish your business badge, or tell you exactly what is missing.",
  },
];

const roles: { icon: IconName; title: string; body: string }[] = [
  {
    icon: "shield",
    title: "Owner",
    body: "Full control: settings, billing, verification, team and every piece of content.",
  },
  {
    icon: "settings",
    title: "Manager",
    body: "Publishes and moderates all content, runs messaging and analytics, and manages employees.",
  },
  {
    icon: "people",
    title: "Employee",
    body: "Publishes posts and responses and manages their own comments and reposts for the company.",
  },
];

export default function CompaniesPage() {
  return (
    <div className="flex flex-col">
      <section aria-labelledby="companies-title" className="border-b border-line bg-surface">
        <div className="mx-auto grid w-full max-w-[1128px] gap-10 px-4 py-12 md:grid-cols-[minmax(0,1fr)_22rem] md:items-center md:py-16">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand uppercase">For companies</p>
            <h1
              id="companies-title"
              className="mt-2 text-4xl font-semibold text-balance text-ink md:text-5xl"
            >
              A company page people can trust
            </h1>
            <p className="mt-4 max-w-xl text-lg leading-relaxed text-ink-muted">
              Verify your business once, then publish releases, statements, events and jobs with a badge that
              tells every reader the page really speaks for your company.
            </p>
            <div className="mt-8 flex max-w-md flex-col gap-3 sm:flex-row">
              <Button asChild size="lg" className="sm:flex-1">
                <Link href={routes.createCompany}>Create a company page</Link>
              </Button>
              <Button asChild size="lg" variant="secondary" className="sm:flex-1">
                <a href="#plans">Compare plans</a>
              </Button>
            </div>
          </div>
          <ul className="grid gap-3">
            {[
              { value: "KYB", label: "Business verification with director confirmation" },
              { value: "3 roles", label: "Owner, manager and employee permissions" },
              { value: "USD", label: "Simple monthly or annual billing" },
            ].map((fact) => (
              <li key={fact.value} className="flex items-center gap-4 rounded-card bg-canvas p-4">
                <span className="w-20 shrink-0 text-xl font-semibold text-brand">{fact.value}</span>
                <span className="text-sm text-ink">{fact.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="kyb-title" className="mx-auto w-full max-w-[1128px] px-4 py-14">
        <h2 id="kyb-title" className="text-3xl font-semibold text-ink">
          How business verification works
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-ink-muted">
          Most companies finish in one sitting. You can save and come back at any step.
        </p>
        <ol className="mt-8 grid gap-4 md:grid-cols-5">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-card bg-surface p-5 shadow-card">
              <span className="inline-flex size-9 items-center justify-center rounded-full bg-brand text-sm font-semibold text-white">
                {index + 1}
              </span>
              <h3 className="mt-3 font-semibold text-ink">{step.title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-ink-muted">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="roles-title" className="border-y border-line bg-surface">
        <div className="mx-auto w-full max-w-[1128px] px-4 py-14">
          <h2 id="roles-title" className="text-3xl font-semibold text-ink">
            Your team, with the right access
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-ink-muted">
            Invite colleagues by email. Each member acts for the company from their own verified account, so
            every action is accountable. Extra seats cost {formatUsd(addonPrices.seats)} per member per month.
          </p>
          <ul className="mt-8 grid gap-4 md:grid-cols-3">
            {roles.map((role) => (
              <li key={role.title} className="flex gap-4 rounded-card p-5 ring-1 ring-line ring-inset">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
                  <Icon name={role.icon} size={22} />
                </span>
                <div>
                  <h3 className="font-semibold text-ink">{role.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-ink-muted">{role.body}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id="plans"
        aria-labelledby="plans-title"
        className="mx-auto w-full max-w-[1128px] scroll-mt-20 px-4 py-14"
      >
        <h2 id="plans-title" className="text-3xl font-semibold text-ink">
          Plans for companies
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-ink-muted">
          Every plan includes a verified company page. Prices in USD, billed monthly or annually.
        </p>
        <div className="mt-8">
          <PlanCards owner="company" highlight="standard" />
        </div>
      </section>

      <section className="mx-auto grid w-full max-w-[1128px] gap-4 px-4 pb-16 md:grid-cols-2">
        <div id="enterprise" className="scroll-mt-20 rounded-card bg-surface p-6 shadow-card md:p-8">
          <h2 className="text-2xl font-semibold text-ink">Enterprise</h2>
          <p className="mt-2 leading-relaxed text-ink-muted">
            Unlimited team members, dedicated onboarding, invoicing and a named contact. Tell us about your
            organisation and we will reply within two business days.
          </p>
          <EnterpriseEnquiryButton variant="secondary" className="mt-6">
            {serverMessages.enterpriseEnquiryAction}
          </EnterpriseEnquiryButton>
        </div>
        <div id="advertising" className="scroll-mt-20 rounded-card bg-[#1d2226] p-6 text-white md:p-8">
          <h2 className="text-2xl font-semibold">Advertise to a verified audience</h2>
          <p className="mt-2 leading-relaxed text-white/80">
            Start with {formatUsd(AD_OFFER_CREDIT_USD)} in free ad credit when you spend{" "}
            {formatUsd(AD_OFFER_MIN_SPEND_USD)}. Our team helps you plan a campaign that reaches real decision
            makers.
          </p>
          <Button asChild variant="inverse" className="mt-6">
            <Link href={routes.advertise}>{serverMessages.adOfferAction}</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
