"use client";

import { type ChecklistItem, type ChecklistItemId, type ChecklistKind, format } from "@vn/contract";
import { onboardingMessages } from "@vn/contract/messages/onboarding";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { api } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { routes } from "@/lib/paths";
import { personOf, type SessionUser } from "@/lib/session";
import { useResource } from "@/lib/use-resource";

/**
 * The getting-started checklist on the home (issue 18): what the acting profile still has to do,
 * worked out by the API from real state (GET users/me/checklist); it follows the person's path —
 * a person, a company's owner acting as the company, an invitee. Ticks arrive when the thing is
 * done (a photo added, a fifth follow); the person may close the card for good.
 */

const titles: Record<ChecklistKind, string> = {
  person: onboardingMessages.checklistTitle,
  company: onboardingMessages.checklistCompanyTitle,
  invitee: onboardingMessages.checklistInviteeTitle,
  none: onboardingMessages.checklistTitle,
};

const labels: Record<ChecklistItemId, { label: string; hint: string }> = {
  verifyIdentity: {
    label: onboardingMessages.checklistVerifyIdentity,
    hint: onboardingMessages.checklistVerifyIdentityHint,
  },
  addPhoto: { label: onboardingMessages.checklistAddPhoto, hint: onboardingMessages.checklistAddPhotoHint },
  firstPost: {
    label: onboardingMessages.checklistFirstPost,
    hint: onboardingMessages.checklistFirstPostHint,
  },
  followFive: {
    label: onboardingMessages.checklistFollowFive,
    hint: onboardingMessages.checklistFollowFiveHint,
  },
  companyDetails: {
    label: onboardingMessages.checklistCompanyDetails,
    hint: onboardingMessages.checklistCompanyDetailsHint,
  },
  businessVerification: {
    label: onboardingMessages.checklistBusinessVerification,
    hint: onboardingMessages.checklistBusinessVerificationHint,
  },
  inviteTeam: {
    label: onboardingMessages.checklistInviteTeam,
    hint: onboardingMessages.checklistInviteTeamHint,
  },
  acceptInvitation: {
    label: onboardingMessages.checklistAcceptInvitation,
    hint: onboardingMessages.checklistAcceptInvitationHint,
  },
  completeProfile: {
    label: onboardingMessages.checklistCompleteProfile,
    hint: onboardingMessages.checklistCompleteProfileHint,
  },
};

/** Where an item is done: a page, or an action on the home itself (the composer, the suggestions). */
function actionOf(
  item: ChecklistItem,
  user: SessionUser,
  onStartPost: () => void,
): { href: string } | { onClick: () => void } | null {
  const own = personOf(user).slug;
  switch (item.id) {
    case "verifyIdentity":
      return { href: routes.verification };
    case "addPhoto":
    case "completeProfile":
      return { href: routes.profile(own) };
    case "firstPost":
      return { onClick: onStartPost };
    case "followFive":
      return { href: "#suggested-heading" };
    case "companyDetails":
      return { href: routes.profile(user.slug) };
    case "businessVerification":
      return { href: routes.verificationStep("company") };
    case "inviteTeam":
      return { href: `${routes.profile(user.slug)}/people` };
    case "acceptInvitation":
      // The invitation's own page, where it is accepted (the item ticks once it is).
      return item.invitationId ? { href: routes.companyInvitation(item.invitationId) } : null;
    default:
      return null;
  }
}

function hintOf(item: ChecklistItem): string {
  const hint = labels[item.id].hint;
  return item.progress ? format(hint, { count: item.progress.count, target: item.progress.target }) : hint;
}

export function ChecklistCard({ user, onStartPost }: { user: SessionUser; onStartPost: () => void }) {
  const list = useResource(api.onboarding.checklist, {}, { revalidateOnFocus: true });
  const [hiding, setHiding] = useState(false);
  const checklist = list.data?.data;
  if (!checklist || checklist.isHidden || checklist.kind === "none" || checklist.items.length === 0)
    return null;
  const doneCount = checklist.items.filter((item) => item.isDone).length;
  const total = checklist.items.length;

  const hide = async () => {
    setHiding(true);
    try {
      const answer = await api.onboarding.hideChecklist();
      await list.mutate(answer, { revalidate: false });
    } finally {
      setHiding(false);
    }
  };

  return (
    <section aria-labelledby="checklist-heading" className="rounded-card bg-surface p-4 shadow-card sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="checklist-heading" className="text-base font-semibold text-ink">
            {titles[checklist.kind]}
          </h2>
          <p className="mt-0.5 text-sm text-ink-muted" id="checklist-progress">
            {format(onboardingMessages.checklistProgress, { done: doneCount, total })}
          </p>
        </div>
        <button
          type="button"
          onClick={() => void hide()}
          disabled={hiding}
          aria-label={onboardingMessages.checklistHide}
          title={onboardingMessages.checklistHide}
          className="-mt-1 -mr-2 inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-full text-ink-muted hover:bg-black/5 hover:text-ink"
        >
          <Icon name="close" size={20} />
        </button>
      </div>
      <div
        role="progressbar"
        aria-labelledby="checklist-heading"
        aria-describedby="checklist-progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={doneCount}
        className="mt-3 h-2 overflow-hidden rounded-full bg-black/[0.08]"
      >
        <div className="h-full rounded-full bg-success" style={{ width: `${(doneCount / total) * 100}%` }} />
      </div>
      {checklist.isComplete ? (
        <p className="mt-3 text-sm text-ink">{onboardingMessages.checklistComplete}</p>
      ) : null}
      <ul className="mt-3 flex flex-col gap-1">
        {checklist.items.map((item) => {
          const action = item.isDone ? null : actionOf(item, user, onStartPost);
          const text = (
            <span className="flex min-w-0 flex-col">
              <span className={cn("font-semibold", item.isDone ? "text-ink-muted line-through" : "text-ink")}>
                {labels[item.id].label}
              </span>
              {item.isDone ? null : <span className="text-sm text-ink-muted">{hintOf(item)}</span>}
            </span>
          );
          const mark = item.isDone ? (
            <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-success text-white">
              <Icon name="check" size={16} />
              <span className="sr-only">{onboardingMessages.checklistDone}</span>
            </span>
          ) : (
            <span
              aria-hidden="true"
              className="mt-0.5 size-6 shrink-0 rounded-full border-2 border-line-strong"
            />
          );
          const rowClass = "flex w-full items-start gap-3 rounded-md px-2 py-2 text-left";
          return (
            <li key={item.id} data-checklist-item={item.id} data-done={item.isDone ? "true" : "false"}>
              {action && "href" in action ? (
                <Link href={action.href} className={cn(rowClass, "hover:bg-black/[0.04]")}>
                  {mark}
                  {text}
                </Link>
              ) : action ? (
                <button
                  type="button"
                  onClick={action.onClick}
                  className={cn(rowClass, "cursor-pointer hover:bg-black/[0.04]")}
                >
                  {mark}
                  {text}
                </button>
              ) : (
                <div className={rowClass}>
                  {mark}
                  {text}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {checklist.isComplete ? (
        <Button variant="secondary" className="mt-2" onClick={() => void hide()} disabled={hiding}>
          {onboardingMessages.checklistHide}
        </Button>
      ) : null}
    </section>
  );
}
