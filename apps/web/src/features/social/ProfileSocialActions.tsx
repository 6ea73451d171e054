"use client";

import { format } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { socialMessages } from "@vn/contract/messages/social";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Button } from "@/components/ui/Button";
import { DeferredMenu } from "@/components/ui/DeferredMenu";
import { Icon } from "@/components/ui/Icon";
import { Skeleton } from "@/components/ui/Skeleton";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { useSession } from "@/lib/session";
import { useResource } from "@/lib/use-resource";
import { LazyReportDialog } from "../forms/LazyReportDialog";
import { FollowButton } from "./FollowButton";

export interface ProfileSocialActionsProps {
  profileId: string;
  slug: string;
  name: string;
  followersCount: number;
}

/** The profile header's follow button and its menu: block, mute, report (issue 6). */
export function ProfileSocialActions({ profileId, slug, name, followersCount }: ProfileSocialActionsProps) {
  const router = useRouter();
  const snackbar = useSnackbar();
  const { user } = useSession();
  const relation = useResource(api.social.relationship, user ? { params: { slug } } : null);
  const [reporting, setReporting] = useState(false);
  // A visitor gets the button too: pressing it opens the sign-in dialog (issue 18).
  if (!user) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <FollowButton slug={slug} name={name} initial={{ followed: false, followersCount }} />
      </div>
    );
  }
  const data = relation.data?.data;
  // While the relationship loads, the row keeps its place (the page renders it before the session
  // is known, so nothing below it moves: decision 0027).
  if (!data)
    return (
      <div aria-hidden="true" className="flex flex-wrap items-center gap-2">
        <Skeleton className="h-10 w-28 rounded-full" />
        <Skeleton className="size-10 rounded-full" />
      </div>
    );
  if (data.isSelf) return null;

  const toggle = async (name: "block" | "mute", on: boolean) => {
    try {
      const input = { params: { slug } };
      if (name === "block") await (on ? api.social.block(input) : api.social.unblock(input));
      else await (on ? api.social.mute(input) : api.social.unmute(input));
      await relation.mutate();
      router.refresh();
    } catch (error) {
      snackbar.show(error instanceof ApiError ? error.message : commonMessages.somethingWentWrong, {
        tone: "error",
      });
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {data.blocked ? (
        <p className="text-sm text-ink-muted">{socialMessages.blockedNotice}</p>
      ) : (
        <FollowButton
          key={String(data.followed)}
          slug={slug}
          name={name}
          initial={{ followed: data.followed, followersCount }}
          onChange={() => router.refresh()}
        />
      )}
      <DeferredMenu
        trigger={
          <Button variant="secondary" aria-label={format(socialMessages.profileMoreActions, { name })}>
            <Icon name="more" size={20} />
          </Button>
        }
        items={[
          {
            label: data.muted ? socialMessages.unmuteAction : socialMessages.muteAction,
            icon: "eyeOff",
            onSelect: () => void toggle("mute", !data.muted),
          },
          {
            label: data.blocked ? socialMessages.unblockAction : socialMessages.blockAction,
            icon: "lock",
            onSelect: () => void toggle("block", !data.blocked),
          },
          { kind: "separator" },
          {
            label: sharedMessages.reportAction,
            icon: "flag",
            danger: true,
            onSelect: () => setReporting(true),
          },
        ]}
      />
      {/* Mounted while open only, as the other report buttons do: the form loads on demand. */}
      {reporting ? (
        <LazyReportDialog
          targetType="profile"
          targetId={profileId}
          open={reporting}
          onOpenChange={setReporting}
        />
      ) : null}
    </div>
  );
}
