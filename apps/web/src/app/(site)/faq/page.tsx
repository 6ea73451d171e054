import {
  BULK_INVITE_MAX_EMAILS,
  FREE_TRIAL_DAYS,
  IMAGE_MAX_BYTES,
  MB,
  MIN_AGE,
  PASSWORD_MIN,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
  YEARLY_DISCOUNT,
} from "@vn/contract";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";

export const metadata: Metadata = {
  title: "Help & FAQ",
  description: `Answers to common questions about ${PRODUCT_NAME}: accounts, verification, companies, plans and privacy.`,
};

interface Question {
  id?: string;
  question: string;
  answer: ReactNode;
}

const groups: { id: string; title: string; questions: Question[] }[] = [
  {
    id: "account",
    title: "Your account",
    questions: [
      {
        question: "Who can join?",
        answer: `Anyone aged ${MIN_AGE} or over who can verify their identity. Joining and the Basic plan are free.`,
      },
      {
        question: "What makes a good password?",
        answer: `At least ${PASSWORD_MIN} characters. A few unrelated words are easier to remember and harder to guess than a short password with symbols.`,
      },
      {
        question: "Can I delete my account and change my mind?",
        answer:
          "Yes. A deleted account can be restored for a limited time by signing in again and choosing to restore it. After that, removal is completed and cannot be undone.",
      },
    ],
  },
  {
    id: "verification",
    title: "Verification",
    questions: [
      {
        question: "Why do I have to verify my identity?",
        answer:
          "So that everyone you meet here is who they say they are. Until you verify, you can browse but not publish or message.",
      },
      {
        question: "What do I need?",
        answer:
          "A valid passport, national ID card or driving licence, and a phone or computer with a camera for a short live selfie.",
      },
      {
        question: "My verification was rejected. What now?",
        answer:
          "You can retry straight away if the photo was unclear. If you think the decision is wrong, you can appeal once and a person will review it. Your account is read-only in the meantime.",
      },
      {
        question: "Is verification available everywhere?",
        answer:
          "Almost. Sanctions laws prevent us from verifying people in a small number of countries; the app tells you if that applies.",
      },
    ],
  },
  {
    id: "companies",
    title: "Companies",
    questions: [
      {
        question: "How do I create a company page?",
        answer: (
          <>
            From your verified personal account, add a company and complete business verification. The{" "}
            <Link href={routes.companies}>companies page</Link> walks through each step.
          </>
        ),
      },
      {
        question: "How do I invite my team?",
        answer: `Invite colleagues by email from the People tab of your company page, up to ${BULK_INVITE_MAX_EMAILS} at a time. Choose a role for each: manager or employee.`,
      },
      {
        question: "What sizes of logo and cover image work?",
        answer: `JPG, PNG, HEIC or WebP up to ${IMAGE_MAX_BYTES / MB} MB and at least 350 × 350 pixels.`,
      },
    ],
  },
  {
    id: "billing",
    title: "Plans and billing",
    questions: [
      {
        question: "How much does it cost?",
        answer: (
          <>
            Basic is free. Paid plans are billed in US dollars, monthly or annually; annual billing saves{" "}
            {Math.round(YEARLY_DISCOUNT * 100)}%. See prices on the <Link href={routes.home}>home page</Link>{" "}
            and the <Link href={`${routes.companies}#plans`}>companies page</Link>.
          </>
        ),
      },
      {
        question: "Is there a free trial?",
        answer: `Standard and Premium come with a ${FREE_TRIAL_DAYS}-day free trial, once per person or company. We remind you before it ends.`,
      },
      {
        id: "creator",
        question: "How do I become a Creator?",
        answer:
          "Apply from the billing section of Settings. We review applications to keep monetization for original work; if you are declined you can appeal once.",
      },
      {
        question: "How do I cancel?",
        answer:
          "In Settings, under billing. Your plan stays active until the end of the period you paid for, then moves to Basic.",
      },
    ],
  },
  {
    id: "privacy",
    title: "Privacy and safety",
    questions: [
      {
        question: "Who can see my profile?",
        answer:
          "You choose in Settings: everyone, verified members only, or a public profile that shows verification details.",
      },
      {
        question: "How do I report something?",
        answer: (
          <>
            Use &ldquo;Report&rdquo; in the menu of any profile, post or comment. Read how we handle reports
            in the <Link href={routes.trustCenter}>Trust Center</Link>.
          </>
        ),
      },
    ],
  },
];

export default function FaqPage() {
  return (
    <div className="flex flex-col">
      <div className="border-b border-line bg-surface">
        <div className="mx-auto w-full max-w-[1128px] px-4 py-10 md:py-14">
          <p className="text-sm font-semibold tracking-wide text-brand uppercase">Help</p>
          <h1 className="mt-2 text-3xl font-semibold text-ink md:text-4xl">Frequently asked questions</h1>
          <p className="mt-3 max-w-2xl text-lg text-ink-muted">
            Quick answers about {PRODUCT_NAME}. Can&apos;t find yours? Write to{" "}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand hover:underline">
              {SUPPORT_EMAIL}
            </a>
            .
          </p>
        </div>
      </div>

      <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8 md:py-12">
        {groups.map((group) => (
          <section
            key={group.id}
            id={group.id}
            aria-labelledby={`${group.id}-title`}
            className="scroll-mt-20"
          >
            <h2 id={`${group.id}-title`} className="text-xl font-semibold text-ink">
              {group.title}
            </h2>
            <div className="mt-3 divide-y divide-line overflow-hidden rounded-card bg-surface shadow-card">
              {group.questions.map((item) => (
                <details key={item.question} id={item.id} className="group scroll-mt-20">
                  <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-3 font-semibold text-ink hover:bg-black/[0.03] [&::-webkit-details-marker]:hidden">
                    {item.question}
                    <Icon
                      name="chevronDown"
                      size={20}
                      className="shrink-0 text-ink-muted transition-transform group-open:rotate-180"
                    />
                  </summary>
                  <div className="px-5 pb-5 leading-relaxed text-ink-muted [&_a]:font-semibold [&_a]:text-brand [&_a:hover]:underline">
                    {item.answer}
                  </div>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
