"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { useState } from "react";
import { Avatar } from "@/components/ui/Avatar";
import { DeferredMenu } from "@/components/ui/DeferredMenu";
import { Icon } from "@/components/ui/Icon";
import type { MenuItem } from "@/components/ui/Menu";
import { useAccountSwitch } from "@/features/accounts/use-account-switch";
import { BILLING_PATH, mayOpenBilling } from "@/features/billing/billing-rules";
import { roleLabels, useCompanies } from "@/features/companies/use-companies";
import { openFeedback } from "@/features/forms/FeedbackDialog";
import { useAccountMenuHeld } from "@/features/onboarding/tour-menu";
import { useVerificationGate } from "@/features/verification/use-verification-gate";
import { actorOf } from "@/lib/actor";
import { routes } from "@/lib/paths";
import { isActingAsCompany, personOf, type SessionUser } from "@/lib/session";

/**
 * The signed-in person's menu: who is acting (the person or one of their companies), the account
 * switcher when they have company pages (spec §6: switch accounts; §7 switch-account), a way to
 * create a company page, settings and sign-out.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const acting = { name: user.name, slug: user.slug, image: user.image?.urls?.preview ?? null };
  const person = personOf(user);
  const actingAsCompany = isActingAsCompany(user);
  const hasCompanies = (user.countCompanyProfiles ?? 0) > 0;
  const companies = useCompanies(hasCompanies).data?.data;
  const { switchTo, switching } = useAccountSwitch();
  const gate = useVerificationGate();
  // The onboarding tour opens the menu to show its items and closes it when it finishes (issue 18).
  const held = useAccountMenuHeld();
  const [open, setOpen] = useState(false);

  const accountItems: MenuItem[] = hasCompanies
    ? [
        { kind: "separator" },
        { kind: "label", label: commonMessages.accountsHeading },
        {
          id: "account-personal",
          label: person.name,
          description: commonMessages.ownerTypeUser,
          leading: <Avatar name={person.name} src={person.image} size="sm" />,
          current: !actingAsCompany,
          disabled: switching,
          onSelect: () => {
            if (actingAsCompany) void switchTo({ type: "user" });
          },
        },
        ...(companies ?? []).map(
          (company): MenuItem => ({
            id: `account-${company.id}`,
            label: company.name,
            description: `${commonMessages.ownerTypeCompany} · ${roleLabels[company.role]}`,
            leading: (
              <Avatar name={company.name} src={company.image?.urls.preview} size="sm" shape="square" />
            ),
            current: actingAsCompany && user.id === company.id,
            disabled: switching,
            onSelect: () => {
              if (!(actingAsCompany && user.id === company.id))
                void switchTo({ type: "company", id: company.id });
            },
          }),
        ),
      ]
    : [];

  return (
    <DeferredMenu
      open={held || open}
      onOpenChange={(next) => {
        if (!held) setOpen(next);
      }}
      trigger={
        // Named by its content, so the visible "Me" is part of the name (WCAG 2.5.3).
        <button
          type="button"
          className="inline-flex min-h-10 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-md px-1 text-ink-muted hover:text-ink md:min-w-16"
        >
          <span aria-hidden="true" className="inline-flex">
            <Avatar
              name={acting.name}
              src={acting.image}
              size="xs"
              shape={actingAsCompany ? "square" : "circle"}
              className="size-6"
            />
          </span>
          <span className="flex items-center text-xs">
            <span className="max-md:sr-only">Me</span>
            <span className="sr-only"> {commonMessages.openAccountMenu}</span>
            <Icon name="chevronDown" size={14} className="max-md:hidden" />
          </span>
        </button>
      }
      header={
        <div className="flex items-center gap-3">
          <span aria-hidden="true">
            <Avatar
              name={acting.name}
              src={acting.image}
              size="lg"
              shape={actingAsCompany ? "square" : "circle"}
            />
          </span>
          <div className="min-w-0">
            {actingAsCompany ? (
              <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
                {commonMessages.actingAs}
              </p>
            ) : null}
            <p className="truncate font-semibold text-ink">{acting.name}</p>
            {user.email ? <p className="truncate text-sm text-ink-muted">{user.email}</p> : null}
          </div>
        </div>
      }
      headerAction={{ label: commonMessages.viewProfile, href: routes.profile(acting.slug) }}
      items={[
        ...accountItems,
        { kind: "separator" },
        // Creating a company is for verified people (§6): otherwise the item opens the popup.
        gate.popupFor("company.create")
          ? {
              label: commonMessages.createCompanyPage,
              onSelect: () => gate.allows("company.create"),
              icon: "building",
              tour: "add-business",
            }
          : {
              label: commonMessages.createCompanyPage,
              href: routes.createCompany,
              icon: "building",
              tour: "add-business",
            },
        { label: commonMessages.settings, href: routes.settings, icon: "settings", tour: "setting" },
        ...(mayOpenBilling(actorOf(user))
          ? [
              {
                label: commonMessages.billingLink,
                href: BILLING_PATH,
                icon: "star" as const,
                tour: "billing",
              },
            ]
          : []),
        { label: commonMessages.feedbackAction, onSelect: openFeedback, icon: "chat", tour: "feedback" },
        { label: commonMessages.signOut, href: routes.logout, icon: "logout" },
      ]}
    />
  );
}
