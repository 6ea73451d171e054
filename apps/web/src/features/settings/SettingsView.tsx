"use client";

import { format, STRIKES_PATH } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { settingsMessages } from "@vn/contract/messages/settings";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useSWRConfig } from "swr";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import { ProfileForm } from "@/features/accounts/ProfileForm";
import { GENERAL_INFO_KEY, useGeneralInfo } from "@/features/accounts/use-general-info";
import { mayOpenBilling } from "@/features/billing/billing-rules";
import { actorOf } from "@/lib/actor";
import { SESSION_KEY, useSession } from "@/lib/session";
import { AccessChangeForm } from "./AccessChangeForm";
import { DeleteAccountSection } from "./DeleteAccountSection";
import { PasswordChangeForm } from "./PasswordChangeForm";
import { SettingsSection } from "./SettingsSection";
import { TwoFactorSettings } from "./TwoFactorSettings";
import { VerificationSettings } from "./VerificationSettings";

const sections = [
  { id: "profile", label: settingsMessages.settingsProfile },
  { id: "verification", label: sharedMessages.verificationSummaryTitle },
  { id: "password", label: settingsMessages.settingsPassword },
  { id: "two-factor", label: settingsMessages.twoFactorSection },
  { id: "email", label: settingsMessages.settingsEmail },
  { id: "phone", label: settingsMessages.settingsPhone },
  { id: "account", label: settingsMessages.settingsAccount },
] as const;

function LoadingCard() {
  return (
    <div className="rounded-card bg-surface p-6 shadow-card" aria-busy="true">
      <span className="sr-only">{commonMessages.loading}</span>
      <div className="flex flex-col gap-4">
        <Skeleton className="h-6 w-1/4" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    </div>
  );
}

function ProfileSettings() {
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const { data, error, mutate: reload } = useGeneralInfo(true);
  const info = data?.data;
  if (error) {
    return (
      <div className="flex flex-col items-start gap-4">
        <Alert>{error instanceof Error ? error.message : commonMessages.somethingWentWrong}</Alert>
        <Button variant="secondary" onClick={() => void reload()}>
          {commonMessages.tryAgain}
        </Button>
      </div>
    );
  }
  if (!info) return <Skeleton className="h-96 w-full" />;
  return (
    <ProfileForm
      info={info}
      submitLabel={sharedMessages.saveChanges}
      onSaved={async (saved) => {
        await mutate(GENERAL_INFO_KEY, { data: saved }, { revalidate: false });
        await mutate(SESSION_KEY);
        snackbar.show(settingsMessages.changesSaved, { tone: "success" });
      }}
    />
  );
}

/** /settings: the person's profile, password, email, phone and account (login required, spec §2). */
export function SettingsView() {
  const { user, isLoading } = useSession();
  return (
    <div className="mx-auto grid w-full max-w-[1128px] gap-6 px-4 py-6 sm:py-8 md:grid-cols-[220px_minmax(0,1fr)] lg:gap-8">
      <div className="min-w-0 md:sticky md:top-24 md:self-start">
        <h1 className="text-[1.75rem] leading-tight font-semibold text-ink">
          {sharedMessages.settingsTitle}
        </h1>
        <p className="mt-1 text-sm text-ink-muted">{settingsMessages.settingsSubtitle}</p>
        <nav
          aria-label={settingsMessages.settingsSections}
          className="mt-4 max-md:-mx-4 max-md:overflow-x-auto"
        >
          <ul className="flex gap-1 max-md:px-4 md:flex-col">
            {sections.map((section) => (
              <li key={section.id} className="shrink-0">
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-10 w-full items-center rounded-full px-3 text-[0.95rem] font-semibold text-ink-muted hover:bg-black/5 hover:text-ink max-md:bg-surface max-md:shadow-card md:rounded-md"
                >
                  {section.label}
                </a>
              </li>
            ))}
            {mayOpenBilling(actorOf(user)) ? (
              <li className="shrink-0">
                <Link
                  href="/settings/billing"
                  className="inline-flex min-h-10 w-full items-center rounded-full px-3 text-[0.95rem] font-semibold text-ink-muted hover:bg-black/5 hover:text-ink max-md:bg-surface max-md:shadow-card md:rounded-md"
                >
                  {commonMessages.billingLink}
                </Link>
              </li>
            ) : null}
            <li className="shrink-0">
              <Link
                href="/settings/viewers"
                className="inline-flex min-h-10 w-full items-center rounded-full px-3 text-[0.95rem] font-semibold text-ink-muted hover:bg-black/5 hover:text-ink max-md:bg-surface max-md:shadow-card md:rounded-md"
              >
                {sharedMessages.viewersTitle}
              </Link>
            </li>
            <li className="shrink-0">
              <Link
                href={STRIKES_PATH}
                className="inline-flex min-h-10 w-full items-center rounded-full px-3 text-[0.95rem] font-semibold text-ink-muted hover:bg-black/5 hover:text-ink max-md:bg-surface max-md:shadow-card md:rounded-md"
              >
                {sharedMessages.strikesTitle}
              </Link>
            </li>
          </ul>
        </nav>
      </div>

      <div className="flex min-w-0 flex-col gap-4">
        {isLoading || !user ? (
          <>
            <LoadingCard />
            <LoadingCard />
          </>
        ) : (
          <>
            <SettingsSection id="profile" title={settingsMessages.settingsProfile}>
              <ProfileSettings />
            </SettingsSection>
            <SettingsSection id="verification" title={sharedMessages.verificationSummaryTitle}>
              <VerificationSettings />
            </SettingsSection>
            <SettingsSection
              id="password"
              title={settingsMessages.settingsPassword}
              description={settingsMessages.passwordChangeNote}
            >
              <PasswordChangeForm />
            </SettingsSection>
            <SettingsSection id="two-factor" title={settingsMessages.twoFactorSection}>
              <TwoFactorSettings />
            </SettingsSection>
            <SettingsSection
              id="email"
              title={settingsMessages.settingsEmail}
              description={
                user.email ? format(settingsMessages.currentEmail, { email: user.email }) : undefined
              }
            >
              <AccessChangeForm type="email" />
            </SettingsSection>
            <SettingsSection
              id="phone"
              title={settingsMessages.settingsPhone}
              description={
                user.phone
                  ? format(settingsMessages.currentPhone, { phone: user.phone })
                  : settingsMessages.noPhone
              }
            >
              <AccessChangeForm type="phone" />
            </SettingsSection>
            <SettingsSection id="account" title={settingsMessages.deleteAccount}>
              <DeleteAccountSection />
            </SettingsSection>
          </>
        )}
      </div>
    </div>
  );
}
