import { AD_OFFER_CREDIT_USD, AD_OFFER_MIN_SPEND_USD, PRODUCT_NAME, YEARLY_DISCOUNT } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import type { Metadata } from "next";
import { Button } from "@/components/ui/Button";
import { Icon, type IconName } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { formatUsd } from "@/features/marketing/format";
import { PlanCards } from "@/features/marketing/PlanCards";
import { ProductPreview } from "@/features/marketing/ProductPreview";
import { RedirectSignedInHome } from "@/features/marketing/RedirectSignedInHome";
import { routes } from "@/lib/paths";

export const metadata: Metadata = {
  title: { absolute: `${PRODUCT_NAME}: the professional network where everyone is verified` },
};

const pillars: { icon: IconName; title: string; body: string }[] = [
  {
    icon: "user",
    title: "Verified people",
    body: "Every personal profile passes an identity check with a government ID and a live selfie before it can publish. Names on the network belong to real, adult people.",
  },
  {
    icon: "building",
    title: "Verified businesses",
    body: "Company pages go through business verification: registration details, supporting documents and confirmation from the company's directors.",
  },
  {
    icon: "megaphone",
    title: "Publishing with reach",
    body: "Share posts, articles, press releases, statements, podcasts, videos, documents and events, and reach followers who know exactly who you are.",
  },
];

const formats = [
  "Posts",
  "Articles",
  "Press releases",
  "Statements",
  "Insights",
  "Responses",
  "Podcasts",
  "Videos",
  "Documents",
  "Events",
  "Reposts and quotes",
];

const reasons: { title: string; body: string }[] = [
  {
    title: "Know who you are talking to",
    body: "Verification badges are earned, not bought. Messages, comments and invitations come from accounts that proved who they are.",
  },
  {
    title: "Act for your company",
    body: "Switch between your personal profile and the company pages you manage, with roles for owners, managers and employees.",
  },
  {
    title: "Control your audience",
    body: "Choose who can comment, react and repost on everything you publish, and who can see your profile.",
  },
];

export default function LandingPage() {
  return (
    <>
      <RedirectSignedInHome />

      {/* Hero */}
      <section aria-labelledby="hero-title" className="bg-surface">
        <div className="mx-auto grid w-full max-w-[1128px] items-center gap-12 px-4 pt-10 pb-14 md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] md:pt-16 md:pb-20 lg:gap-20">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-brand-soft px-3 py-1 text-sm font-semibold text-brand-strong">
              <Icon name="shield" size={16} />
              Every profile is verified
            </p>
            <h1
              id="hero-title"
              className="mt-5 text-4xl leading-[1.1] font-semibold tracking-tight text-balance text-ink md:text-5xl lg:text-[3.5rem]"
            >
              Welcome to your <span className="text-brand">verified</span> professional community
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-pretty text-ink-muted">
              {PRODUCT_NAME} is the social and publishing network for real people and real companies. Follow
              the voices you trust, publish to an audience that trusts you, and do business with confidence.
            </p>
            <div className="mt-8 flex max-w-md flex-col gap-3 sm:flex-row">
              <Button asChild size="lg" className="sm:flex-1">
                <Link href={routes.signUp}>{commonMessages.joinNow}</Link>
              </Button>
              <Button asChild size="lg" variant="secondary" className="sm:flex-1">
                <Link href={routes.login}>{commonMessages.signIn}</Link>
              </Button>
            </div>
            <p className="mt-4 text-sm text-ink-muted">
              Free to join. By joining you agree to our{" "}
              <Link href={routes.terms} className="font-semibold text-brand hover:underline">
                Terms of Service
              </Link>{" "}
              and{" "}
              <Link href={routes.privacy} className="font-semibold text-brand hover:underline">
                Privacy Policy
              </Link>
              .
            </p>
          </div>
          <ProductPreview />
        </div>
      </section>

      {/* Pillars */}
      <section aria-labelledby="pillars-title" className="mx-auto w-full max-w-[1128px] px-4 py-14 md:py-20">
        <h2 id="pillars-title" className="max-w-2xl text-3xl font-semibold text-balance text-ink">
          Trust is built in, not added on
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-ink-muted">
          Verification is the first step for everyone, so the rest of the network can simply be useful.
        </p>
        <ul className="mt-10 grid gap-4 md:grid-cols-3">
          {pillars.map((pillar) => (
            <li key={pillar.title} className="rounded-card bg-surface p-6 shadow-card">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand">
                <Icon name={pillar.icon} size={26} />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink">{pillar.title}</h3>
              <p className="mt-2 leading-relaxed text-ink-muted">{pillar.body}</p>
            </li>
          ))}
        </ul>
      </section>

      {/* Formats + reasons */}
      <section aria-labelledby="formats-title" className="border-y border-line bg-surface">
        <div className="mx-auto grid w-full max-w-[1128px] gap-12 px-4 py-14 md:grid-cols-2 md:py-20">
          <div>
            <h2 id="formats-title" className="text-3xl font-semibold text-balance text-ink">
              Everything you publish, in one place
            </h2>
            <p className="mt-3 text-lg text-ink-muted">
              One profile holds your whole body of work, organised the way your audience looks for it.
            </p>
            <ul className="mt-8 flex flex-wrap gap-2">
              {formats.map((format) => (
                <li
                  key={format}
                  className="rounded-full px-4 py-2 text-sm font-semibold text-ink ring-1 ring-line-strong ring-inset"
                >
                  {format}
                </li>
              ))}
            </ul>
          </div>
          <ul className="flex flex-col gap-6">
            {reasons.map((reason) => (
              <li key={reason.title} className="flex gap-4">
                <span className="mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-success-soft text-success">
                  <Icon name="check" size={18} strokeWidth={2.4} />
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-ink">{reason.title}</h3>
                  <p className="mt-1 leading-relaxed text-ink-muted">{reason.body}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Plans */}
      <section aria-labelledby="plans-title" className="mx-auto w-full max-w-[1128px] px-4 py-14 md:py-20">
        <div className="flex flex-col justify-between gap-4 md:flex-row md:items-end">
          <div>
            <h2 id="plans-title" className="text-3xl font-semibold text-ink">
              Plans for people
            </h2>
            <p className="mt-3 max-w-2xl text-lg text-ink-muted">
              Start free. Upgrade when you need more reach. Prices in USD; pay monthly, or annually and save{" "}
              {Math.round(YEARLY_DISCOUNT * 100)}%.
            </p>
          </div>
          <Link
            href={routes.companies}
            className="inline-flex min-h-10 items-center gap-1 font-semibold text-brand hover:underline"
          >
            See plans for companies <Icon name="chevronRight" size={18} />
          </Link>
        </div>
        <div className="mt-10">
          <PlanCards owner="user" highlight="premium" />
        </div>
      </section>

      {/* Ad offer */}
      <section aria-labelledby="ads-title" className="mx-auto w-full max-w-[1128px] px-4 pb-14 md:pb-20">
        <div className="flex flex-col gap-6 rounded-card bg-[#1d2226] p-8 text-white md:flex-row md:items-center md:justify-between md:p-10">
          <div>
            <h2 id="ads-title" className="text-2xl font-semibold text-balance">
              Get {formatUsd(AD_OFFER_CREDIT_USD)} in free ad credit
            </h2>
            <p className="mt-2 max-w-xl text-white/80">
              Reach verified decision makers. New advertisers receive {formatUsd(AD_OFFER_CREDIT_USD)} of
              credit with a minimum spend of {formatUsd(AD_OFFER_MIN_SPEND_USD)}.
            </p>
          </div>
          <Button asChild size="lg" variant="inverse" className="shrink-0">
            <Link href={`${routes.companies}#advertising`}>Talk to our ad team</Link>
          </Button>
        </div>
      </section>

      {/* Closing call to action */}
      <section aria-labelledby="join-title" className="border-t border-line bg-surface">
        <div className="mx-auto flex w-full max-w-[1128px] flex-col items-center px-4 py-14 text-center md:py-20">
          <h2 id="join-title" className="max-w-2xl text-3xl font-semibold text-balance text-ink">
            Join the network where everyone is who they say they are
          </h2>
          <div className="mt-8 flex w-full max-w-md flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="sm:flex-1">
              <Link href={routes.signUp}>{commonMessages.joinNow}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary" className="sm:flex-1">
              <Link href={routes.login}>{commonMessages.signIn}</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
