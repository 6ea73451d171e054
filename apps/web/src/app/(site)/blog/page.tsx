import { FREE_TRIAL_DAYS, PRODUCT_NAME, YEARLY_DISCOUNT } from "@vn/contract";
import type { Metadata } from "next";
import { Badge } from "@/components/ui/Badge";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";

export const metadata: Metadata = {
  title: "Blog",
  description: `News, product updates and guides from the ${PRODUCT_NAME} team.`,
};

interface Article {
  id: string;
  category: string;
  date: string;
  dateTime: string;
  title: string;
  readMinutes: number;
  body: string[];
}

const articles: Article[] = [
  {
    id: "why-verified",
    category: "Company news",
    date: "November 12, 2026",
    dateTime: "2026-11-12",
    title: "Why every profile on our network is verified",
    readMinutes: 4,
    body: [
      "Professional networks run on trust, yet most of them let anyone create a profile with any name. The result is familiar: fake recruiters, cloned company pages and invitations you cannot judge.",
      `${PRODUCT_NAME} starts from the other end. Before a profile can publish, message or appear as verified, the person behind it proves who they are with a government ID and a live selfie. Companies prove they exist and that the people running their page are entitled to.`,
      "Verification is not a paid badge. It is the entry ticket for everyone, which means the rest of the product can be about what matters: the work you share and the people you meet.",
    ],
  },
  {
    id: "company-verification",
    category: "Guides",
    date: "October 28, 2026",
    dateTime: "2026-10-28",
    title: "Getting your company verified in one sitting",
    readMinutes: 6,
    body: [
      "Business verification asks for three things: the company's details as they appear on the official register, one or two supporting documents, and a confirmation from the directors we ask to confirm.",
      "Prepare a recent registry extract and proof of address before you start, and let your directors know an invitation is coming. Each director confirms with their own verified personal account, which usually takes them a couple of minutes.",
      "If something is missing, the review tells you exactly what, and you can fix it without starting over.",
    ],
  },
  {
    id: "content-controls",
    category: "Product",
    date: "October 9, 2026",
    dateTime: "2026-10-09",
    title: "New controls for comments, reactions and reposts",
    readMinutes: 3,
    body: [
      "Every item you publish now has its own interaction settings. Comments can be open, limited to people you follow, or off. Reactions and view counts can be hidden, and reposts can be allowed or not.",
      "Defaults are sensible: comments open, reactions and views shown, reposts off. You can change them when you publish or at any time afterwards.",
    ],
  },
  {
    id: "plans",
    category: "Product",
    date: "September 18, 2026",
    dateTime: "2026-09-18",
    title: "Plans that grow with you",
    readMinutes: 5,
    body: [
      `Basic stays free for everyone. Standard and Premium add messaging, scheduling, video and podcasts, analytics and priority search, with a ${FREE_TRIAL_DAYS}-day free trial the first time you try them.`,
      `Annual billing saves ${Math.round(YEARLY_DISCOUNT * 100)}% against paying monthly, and you can switch between monthly and annual billing at any time. Creators who want to earn from their work can apply for the Creator plan.`,
    ],
  },
];

export default function BlogPage() {
  return (
    <div className="flex flex-col">
      <div className="border-b border-line bg-surface">
        <div className="mx-auto w-full max-w-[1128px] px-4 py-10 md:py-14">
          <p className="text-sm font-semibold tracking-wide text-brand uppercase">Blog</p>
          <h1 className="mt-2 text-3xl font-semibold text-ink md:text-4xl">News from {PRODUCT_NAME}</h1>
          <p className="mt-3 max-w-2xl text-lg text-ink-muted">
            Product updates, guides and the thinking behind a network where everyone is verified.
          </p>
        </div>
      </div>

      <div className="mx-auto grid w-full max-w-[1128px] gap-8 px-4 py-8 md:grid-cols-[minmax(0,1fr)_18rem] md:py-12">
        <div className="flex flex-col gap-4">
          {articles.map((article) => (
            <article
              key={article.id}
              id={article.id}
              aria-labelledby={`${article.id}-title`}
              className="scroll-mt-20 rounded-card bg-surface p-6 shadow-card sm:p-8"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
                <Badge tone="brand">{article.category}</Badge>
                <time dateTime={article.dateTime}>{article.date}</time>
                <span aria-hidden="true">·</span>
                <span>{article.readMinutes} min read</span>
              </div>
              <h2 id={`${article.id}-title`} className="mt-3 text-2xl font-semibold text-balance text-ink">
                {article.title}
              </h2>
              <div className="mt-3 flex flex-col gap-3 leading-relaxed text-ink">
                {article.body.map((paragraph) => (
                  <p key={paragraph.slice(0, 32)}>{paragraph}</p>
                ))}
              </div>
            </article>
          ))}
        </div>

        <aside
          aria-labelledby="blog-aside-title"
          className="flex flex-col gap-4 md:sticky md:top-24 md:self-start"
        >
          <nav aria-labelledby="blog-aside-title" className="rounded-card bg-surface p-5 shadow-card">
            <h2 id="blog-aside-title" className="font-semibold text-ink">
              In this issue
            </h2>
            <ul className="mt-2 flex flex-col">
              {articles.map((article) => (
                <li key={article.id}>
                  <a
                    href={`#${article.id}`}
                    className="flex min-h-10 items-center py-1 text-sm text-ink-muted hover:text-brand hover:underline"
                  >
                    {article.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="rounded-card bg-brand-soft p-5">
            <p className="font-semibold text-brand-strong">New to {PRODUCT_NAME}?</p>
            <p className="mt-1 text-sm text-ink">Join free and follow the people and companies you trust.</p>
            <Link
              href={routes.signUp}
              className="mt-3 inline-flex min-h-10 items-center font-semibold text-brand hover:underline"
            >
              Create your profile
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}
