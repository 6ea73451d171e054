import { PRIVACY_EMAIL, PRODUCT_NAME } from "@vn/contract";
import type { Metadata } from "next";
import { Link } from "@/components/ui/Link";
import { DocumentPage, type DocumentSection } from "@/features/marketing/DocumentPage";
import { routes } from "@/lib/paths";

export const metadata: Metadata = {
  title: "Privacy Policy",
  description: `What personal data ${PRODUCT_NAME} collects, why, who we share it with and the choices you have.`,
};

const sections: DocumentSection[] = [
  {
    id: "summary",
    title: "In short",
    content: (
      <ul>
        <li>We collect what we need to verify you, run your profile and bill your plan.</li>
        <li>Identity documents and selfies are used for verification only, never for advertising.</li>
        <li>We do not sell your personal data.</li>
        <li>You can see, download, correct and delete your data from Settings.</li>
      </ul>
    ),
  },
  {
    id: "data",
    title: "Data we collect",
    content: (
      <>
        <h3>Data you give us</h3>
        <ul>
          <li>Account data: name, email address, password (stored only as a secure hash), date of birth.</li>
          <li>
            Profile data: photo, handle, profession, city and country, about text, links, contact details.
          </li>
          <li>Content: everything you publish, your comments, reactions, reposts and messages.</li>
          <li>
            Verification data: images of your identity document, a live selfie, and the result of the check.
            For companies: registration details, supporting documents and director confirmations.
          </li>
          <li>
            Billing data: plan, billing history and the last digits of your card. Card numbers are held by our
            payment processor.
          </li>
          <li>Forms: feedback, reports, enterprise enquiries and ad consultation requests.</li>
        </ul>
        <h3>Data collected as you use the Services</h3>
        <ul>
          <li>
            Sign-in sessions, device and browser type, IP address and approximate location derived from it.
          </li>
          <li>Views of content and profiles, used for counters and, on plans that include it, analytics.</li>
        </ul>
      </>
    ),
  },
  {
    id: "use",
    title: "How we use it",
    content: (
      <table>
        <thead>
          <tr>
            <th scope="col">Purpose</th>
            <th scope="col">Legal basis</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Running your account, profile, feed and messages</td>
            <td>Contract</td>
          </tr>
          <tr>
            <td>Verifying people and companies</td>
            <td>Contract; legal obligation; consent for biometric comparison where required</td>
          </tr>
          <tr>
            <td>Billing and fraud prevention</td>
            <td>Contract; legitimate interests</td>
          </tr>
          <tr>
            <td>Safety, moderation and handling reports</td>
            <td>Legitimate interests; legal obligation</td>
          </tr>
          <tr>
            <td>Service emails and security alerts</td>
            <td>Contract</td>
          </tr>
          <tr>
            <td>Improving the Services with aggregated statistics</td>
            <td>Legitimate interests</td>
          </tr>
        </tbody>
      </table>
    ),
  },
  {
    id: "sharing",
    title: "Who sees your data",
    content: (
      <>
        <p>
          Your public profile and the content you publish publicly can be seen by anyone, including search
          engines. You choose the privacy level of your profile in Settings. Your email address and phone
          number are shown only where you choose to show them.
        </p>
        <p>We share data with service providers who act on our instructions:</p>
        <ul>
          <li>identity and business verification providers;</li>
          <li>payment processors;</li>
          <li>hosting, storage and email delivery providers.</li>
        </ul>
        <p>
          We disclose data to authorities only where the law requires it, and we tell you when we are allowed
          to.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    content: (
      <ul>
        <li>
          Account and profile data: while your account exists, then for the restore period after deletion.
        </li>
        <li>Verification images: deleted once the check and any appeal are complete; the result is kept.</li>
        <li>Billing records: as long as tax and accounting laws require.</li>
        <li>Sign-in sessions expire after one day of inactivity.</li>
      </ul>
    ),
  },
  {
    id: "rights",
    title: "Your rights and choices",
    content: (
      <>
        <p>
          Depending on where you live, you have the right to access, correct, download, restrict and delete
          your personal data, and to object to processing based on legitimate interests. Most of this can be
          done in Settings; for anything else, write to{" "}
          <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>. You may also complain to your data
          protection authority.
        </p>
        <p>
          Cookies are explained in our <Link href={routes.cookies}>Cookie Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    content: (
      <p>
        Data is encrypted in transit and at rest. Passwords are hashed, access to verification data is limited
        to the staff who review it, and every access is logged. Read more in our{" "}
        <Link href={routes.trustCenter}>Trust Center</Link>.
      </p>
    ),
  },
  {
    id: "children",
    title: "Children",
    content: <p>The Services are for adults. We do not knowingly collect data from anyone under 18.</p>,
  },
  {
    id: "contact",
    title: "Changes and contact",
    content: (
      <p>
        We will tell you about material changes to this policy before they take effect. Our privacy team can
        be reached at <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <DocumentPage
      eyebrow="Legal"
      title="Privacy Policy"
      updated="Last updated November 1, 2026"
      intro={
        <p>
          A verified network handles sensitive data, so we hold ourselves to a high bar. This policy explains
          what we collect, why, and the control you have over it.
        </p>
      }
      sections={sections}
    />
  );
}
