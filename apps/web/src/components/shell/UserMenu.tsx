"use client";

import { messages } from "@vn/contract";
import Link from "next/link";
import { Avatar } from "@/components/ui/Avatar";
import { Icon } from "@/components/ui/Icon";
import { Menu } from "@/components/ui/Menu";
import { routes } from "@/lib/paths";
import type { SessionUser } from "@/lib/session";

/** The signed-in person's menu: who is acting (the person or their company), profile, settings, sign out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const acting = user.authBy ?? null;
  const name = acting?.name ?? user.name;
  const slug = acting?.slug ?? user.slug;
  const image = acting?.image?.urls?.preview ?? user.image?.urls?.preview ?? null;
  const isCompany = user.type.id === "company" || acting?.authAsCompanyOwner === true;
  return (
    <Menu
      trigger={
        <button
          type="button"
          className="inline-flex min-h-10 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-md px-1 text-ink-muted hover:text-ink md:min-w-16"
          aria-label={messages.openAccountMenu}
        >
          <Avatar
            name={name}
            src={image}
            size="xs"
            shape={isCompany ? "square" : "circle"}
            className="size-6"
          />
          <span className="flex items-center text-xs max-md:sr-only" aria-hidden="true">
            Me <Icon name="chevronDown" size={14} />
          </span>
        </button>
      }
      header={
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-3">
            <Avatar name={name} src={image} size="lg" shape={isCompany ? "square" : "circle"} />
            <div className="min-w-0">
              <p className="truncate font-semibold text-ink">{name}</p>
              {user.email ? <p className="truncate text-sm text-ink-muted">{user.email}</p> : null}
            </div>
          </div>
          <Link
            href={routes.profile(slug)}
            className="inline-flex min-h-10 items-center justify-center rounded-full px-3 text-sm font-semibold text-brand ring-1 ring-inset ring-brand hover:bg-brand-soft"
          >
            {messages.viewProfile}
          </Link>
        </div>
      }
      items={[
        { kind: "separator" },
        { label: messages.settings, href: routes.settings, icon: "settings" },
        { label: messages.signOut, href: routes.logout, icon: "logout" },
      ]}
    />
  );
}
