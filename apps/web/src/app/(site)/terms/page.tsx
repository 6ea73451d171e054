import {
  AD_OFFER_CREDIT_USD,
  AD_OFFER_MIN_SPEND_USD,
  FREE_TRIAL_DAYS,
  MIN_AGE,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
  YEARLY_DISCOUNT,
} from "@vn/contract";
import type { Metadata } from "next";
import { Link } from "@/components/ui/Link";
import { DocumentPage, type DocumentSection } from "@/features/marketing/DocumentPage";
import { formatUsd } from "@/features/marketing/format";
import { routes } from "@/lib/paths";

export const metadata: Metadata = {
  title: "Terms of Service",
  description: `The agreement between you and ${PRODUCT_NAME}: accounts, verification, content, subscriptions and billing.`,
};

const sections: DocumentSection[] = [
  {
    id: "agreement",
    title: "Agreement",
    content: (
      <>
        <p>
          These Terms of Service form a binding agreement between you and {PRODUCT_NAME} for your use of our
          websites, apps and services (the &ldquo;Services&rdquo;). By creating an account, or by using the
          Services as a visitor, you accept these terms, our <Link href={routes.privacy}>Privacy Policy</Link>{" "}
          and our <Link href={routes.cookies}>Cookie Policy</Link>.
        </p>
        <p>
          If you use the Services on behalf of a company, you confirm that you are authorised to accept these
          terms for that company, and &ldquo;you&rdquo; includes the company.
        </p>
      </>
    ),
  },
  {
    id: "eligibility",
    title: "Who can use the Services",
    content: (
      <ul>
        <li>You must be at least {MIN_AGE} years old.</li>
        <li>
          You must be able to form a binding contract and must not be barred from using the Services by law.
        </li>
        <li>
          You may hold one personal account. Company pages are created from a personal account and belong to
          the company, not to the person who created them.
        </li>
        <li>
          Identity verification may be unavailable in some countries because of sanctions laws. In those
          countries you may browse public content but cannot complete verification.
        </li>
      </ul>
    ),
  },
  {
    id: "verification",
    title: "Accounts and verification",
    content: (
      <>
        <p>
          {PRODUCT_NAME} is a network of verified people and businesses. To publish, message or be listed as
          verified you must complete identity verification, which compares a government-issued document with a
          live image of you. Companies complete business verification (KYB): company details, supporting
          documents and confirmation from each director we ask to confirm.
        </p>
        <ul>
          <li>Give accurate information and keep it up to date.</li>
          <li>Keep your password secret; you are responsible for activity on your account.</li>
          <li>
            A verification decision may be appealed once. If a verification is rejected, your account stays
            read-only until an appeal succeeds or you verify again.
          </li>
          <li>We may ask for verification again if your name, documents or company details change.</li>
        </ul>
      </>
    ),
  },
  {
    id: "companies",
    title: "Company pages and acting for a company",
    content: (
      <>
        <p>
          Company pages have an owner and may have managers and employees. Owners can invite team members and
          decide what each role may do. When you switch to a company account, everything you publish, send or
          accept is done in the company&apos;s name.
        </p>
        <p>
          Owners are responsible for removing access from people who leave the company. If a company page is
          blocked or deleted, its team members are returned to their personal accounts.
        </p>
      </>
    ),
  },
  {
    id: "content",
    title: "Your content",
    content: (
      <>
        <p>
          You keep ownership of what you publish: posts, articles, releases, statements, recordings,
          documents, events and comments. You grant {PRODUCT_NAME} a worldwide, non-exclusive, royalty-free
          licence to host, store, reproduce, adapt (for example, to resize images or transcode video), display
          and distribute that content in order to operate, promote and improve the Services. The licence ends
          when you delete the content, except for copies others have reposted or that we must keep by law.
        </p>
        <p>
          You control who may comment on, react to and repost each item you publish. Reposts and quotes link
          back to your original.
        </p>
      </>
    ),
  },
  {
    id: "conduct",
    title: "Rules of conduct",
    content: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>impersonate anyone, misrepresent an affiliation, or use another person&apos;s documents;</li>
          <li>publish unlawful, defamatory, hateful, harassing, sexually explicit or violent content;</li>
          <li>
            publish spam, misleading advertising, scams or content that infringes intellectual property;
          </li>
          <li>
            scrape, crawl or collect data from the Services without written permission, or interfere with
            their security or operation;
          </li>
          <li>sell, rent or transfer your account or a verification badge.</li>
        </ul>
        <p>
          You can report content or profiles from any item&apos;s menu. We review reports and may remove
          content, restrict features or suspend accounts that break these rules.
        </p>
      </>
    ),
  },
  {
    id: "subscriptions",
    title: "Subscriptions and billing",
    content: (
      <>
        <p>
          Basic plans are free. Paid plans (Standard, Premium and Creator for people; Standard, Premium and
          Enterprise for companies), add-ons and badges are billed in US dollars, monthly or annually. Annual
          billing costs {Math.round(YEARLY_DISCOUNT * 100)}% less than twelve monthly payments.
        </p>
        <ul>
          <li>
            Eligible plans include a {FREE_TRIAL_DAYS}-day free trial, once per person or company. We remind
            you before the trial ends; unless you cancel, the paid plan starts when the trial ends.
          </li>
          <li>
            Subscriptions renew automatically at the end of each period until cancelled. You can cancel at any
            time in Settings; cancellation takes effect at the end of the current period.
          </li>
          <li>
            Upgrades take effect at once and are charged pro rata. Downgrades take effect at the end of the
            current period.
          </li>
          <li>
            The Creator plan is available after an approved application. Enterprise plans are agreed in a
            separate order form.
          </li>
          <li>
            Prices exclude taxes where taxes apply. Except where the law requires otherwise, payments are not
            refundable.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "advertising",
    title: "Advertising and promotional credit",
    content: (
      <p>
        New advertisers may receive {formatUsd(AD_OFFER_CREDIT_USD)} of promotional ad credit after spending
        at least {formatUsd(AD_OFFER_MIN_SPEND_USD)} on advertising. Credit has no cash value, cannot be
        transferred and expires as stated in the offer. Sponsored content is always labelled as sponsored.
      </p>
    ),
  },
  {
    id: "termination",
    title: "Suspension, deletion and restoring an account",
    content: (
      <>
        <p>
          You may delete your account at any time in Settings. A deleted account can be restored for a limited
          period, after which its removal is completed and cannot be undone.
        </p>
        <p>
          We may suspend or close accounts that break these terms, that we are required to close by law, or
          that put other members at risk. Where we can, we tell you why and how to appeal.
        </p>
      </>
    ),
  },
  {
    id: "liability",
    title: "Disclaimers and liability",
    content: (
      <>
        <p>
          Verification confirms that a document and a person matched at the time of the check; it does not
          endorse a member, their statements or their business. The Services are provided &ldquo;as is&rdquo;
          and we do not guarantee that they will be uninterrupted or error-free.
        </p>
        <p>
          To the extent the law allows, {PRODUCT_NAME} is not liable for indirect or consequential losses, and
          our total liability for any claim is limited to the amount you paid us in the twelve months before
          the claim. Nothing in these terms limits liability that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes and contact",
    content: (
      <p>
        We may update these terms as the Services change. We will tell you about material changes at least 30
        days before they take effect. Questions about these terms:{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <DocumentPage
      eyebrow="Legal"
      title="Terms of Service"
      updated="Last updated November 1, 2026"
      intro={
        <p>
          The rules for using {PRODUCT_NAME}: who can join, how verification works, what you may publish, and
          how plans are billed. We have kept them as short and plain as we can.
        </p>
      }
      sections={sections}
    />
  );
}
