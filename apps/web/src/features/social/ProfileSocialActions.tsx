"use client";

import { format, messages } from "@vn/contract";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Menu } from "@/components/ui/Menu";
import { api } from "@/lib/api";
import { ApiError } from "@/lib/api-error";
import { useResource } from "@/lib/use-resource";
import { ReportDialog } from "../forms/ReportDialog";
import { FollowButton } from "./FollowButton";

interface Relationship {
  followed: boolean;
  followsYou: boolean;
  blocked: boolean;
  muted: boolean;
  isSelf: boolean;
}

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
  const key = `/v1/profiles/${encodeURIComponent(slug)}/relationship`;
  const relation = useResource<Relationship>(key);
  const [reporting, setReporting] = useState(false);
  const data = relation.data;
  if (!data || data.isSelf) return null;

  const toggle = async (name: "block" | "mute", on: boolean) => {
    try {
      const path = `/v1/profiles/${encodeURIComponent(slug)}/${name}`;
      if (on) await api.post(path);
      else await api.delete(path);
      await relation.mutate();
      router.refresh();
    } catch (error) {
      snackbar.show(error instanceof ApiError ? error.message : messages.somethingWentWrong, {
        tone: "error",
      });
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {data.blocked ? (
        <p className="text-sm text-ink-muted">{messages.blockedNotice}</p>
      ) : (
        <FollowButton
          key={String(data.followed)}
          slug={slug}
          name={name}
          initial={{ followed: data.followed, followersCount }}
          onChange={() => router.refresh()}
        />
      )}
      <Menu
        trigger={
          <Button variant="secondary" aria-label={format(messages.profileMoreActions, { name })}>
            <Icon name="more" size={20} />
          </Button>
        }
        items={[
          {
            label: data.muted ? messages.unmuteAction : messages.muteAction,
            icon: "eyeOff",
            onSelect: () => void toggle("mute", !data.muted),
          },
          {
            label: data.blocked ? messages.unblockAction : messages.blockAction,
            icon: "lock",
            onSelect: () => void toggle("block", !data.blocked),
          },
          { kind: "separator" },
          { label: messages.reportAction, icon: "flag", danger: true, onSelect: () => setReporting(true) },
        ]}
      />
      <ReportDialog targetType="profile" targetId={profileId} open={reporting} onOpenChange={setReporting} />
    </div>
  );
}
