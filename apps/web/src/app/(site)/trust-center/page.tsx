import { PRIVACY_EMAIL, PRODUCT_NAME, SUPPORT_EMAIL } from "@vn/contract";
import type { Metadata } from "next";
import { Icon, type IconName } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { DocumentPage, type DocumentSection } from "@/features/marketing/DocumentPage";
import { routes } from "@/lib/paths";

export const metadata: Metadata = {
  title: "Trust Center",
  description: `How ${PRODUCT_NAME} verifies people and companies, protects data and keeps the network safe.`,
};

const pillars: { icon: IconName; title: string; body: string }[] = [
  {
    icon: "user",
    title: "Identity",
    body: "Every person is checked against a government ID and a live selfie.",
  },
  {
    icon: "building",
    title: "Business",
    body: "Every company is checked against registries, documents and directors.",
  },
  { icon: "lock", title: "Security", body: "Encryption everywhere, hashed passwords, logged staff access." },
  { icon: "shield", title: "Safety", body: "Reports reviewed by people, with clear rules and appeals." },
];

const sections: DocumentSection[] = [
  {
    id: "identity",
    title: "How we verify people",
    content: (
      <>
        <ol>
          <li>You photograph an identity document (passport, national ID card or driving licence).</li>
          <li>You take a short live selfie, which is compared with the document photo.</li>
          <li>The document is checked for signs of tampering and the data is matched with your profile.</li>
          <li>The result is shown on your profile as a verification badge.</li>
        </ol>
        <p>
          If a check fails, you can retry. If it is rejected, you can appeal once; a person reviews every
          appeal. Images are deleted once the check and any appeal are complete.
        </p>
      </>
    ),
  },
  {
    id: "business",
    title: "How we verify companies",
    content: (
      <>
        <p>
          Business verification (KYB) confirms that a company exists, is in good standing, and that the people
          running its page are entitled to. The company&apos;s owner submits its registration details and
          supporting documents and invites directors, who confirm with their own verified accounts. We may
          request more information before a decision.
        </p>
        <p>Verified companies show a business badge. Badges cannot be bought or transferred.</p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    content: (
      <ul>
        <li>All traffic uses TLS; stored data and backups are encrypted.</li>
        <li>Passwords are hashed with a modern, slow algorithm; sessions expire after one day.</li>
        <li>Sign-in and sensitive actions are rate limited to slow down attacks.</li>
        <li>Staff access to personal and verification data is limited by role and logged.</li>
        <li>We test our systems regularly and fix reported vulnerabilities quickly.</li>
      </ul>
    ),
  },
  {
    id: "safety",
    title: "Safety and moderation",
    content: (
      <>
        <p>
          Anyone can report a profile, post or comment. Reports are reviewed against our{" "}
          <Link href={routes.terms}>rules of conduct</Link>. Depending on what we find, we may remove content,
          limit features, or suspend an account. Content owners control comments, reactions and reposts on
          everything they publish.
        </p>
        <p>Sponsored content is always labelled, and advertisers are verified like everyone else.</p>
      </>
    ),
  },
  {
    id: "privacy",
    title: "Privacy",
    content: (
      <p>
        We do not sell personal data and never use verification data for advertising. The full details are in
        our <Link href={routes.privacy}>Privacy Policy</Link> and{" "}
        <Link href={routes.cookies}>Cookie Policy</Link>.
      </p>
    ),
  },
  {
    id: "report",
    title: "Reporting a problem",
    content: (
      <ul>
        <li>
          Abuse or impersonation: use &ldquo;Report&rdquo; on the profile or content, or write to{" "}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </li>
        <li>
          Security vulnerabilities: write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with
          &ldquo;Security&rdquo; in the subject. Please give us time to fix an issue before disclosing it.
        </li>
        <li>
          Data protection requests: <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>.
        </li>
      </ul>
    ),
  },
];

export default function TrustCenterPage() {
  return (
    <DocumentPage
      eyebrow="Trust Center"
      title="Built so you can trust who you meet"
      intro={
        <p>
          Verification is the foundation of {PRODUCT_NAME}. This page explains how it works, how we protect
          your data, and what we do when something goes wrong.
        </p>
      }
      lead={
        <ul className="mb-2 grid gap-3 sm:grid-cols-2">
          {pillars.map((pillar) => (
            <li key={pillar.title} className="flex gap-3 rounded-lg bg-canvas p-4">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
                <Icon name={pillar.icon} size={22} />
              </span>
              <div>
                <p className="font-semibold text-ink">{pillar.title}</p>
                <p className="mt-0.5 text-sm text-ink-muted">{pillar.body}</p>
              </div>
            </li>
          ))}
        </ul>
      }
      sections={sections}
    />
  );
}
