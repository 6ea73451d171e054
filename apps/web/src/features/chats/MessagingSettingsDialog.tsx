"use client";

import type { MessagePolicy, MessagingSettings } from "@vn/contract";
import { chatsMessages } from "@vn/contract/messages/chats";
import { commonMessages } from "@vn/contract/messages/common";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Checkbox } from "@/components/ui/Checkbox";
import { Dialog } from "@/components/ui/Dialog";
import { Icon } from "@/components/ui/Icon";
import { Select } from "@/components/ui/Select";
import { Skeleton } from "@/components/ui/Skeleton";
import { api } from "@/lib/api-client";
import { submitErrorMessage } from "@/lib/forms";

const policyLabels: Record<MessagePolicy, string> = {
  everyone_verified: chatsMessages.chatsPolicyEveryone,
  following: chatsMessages.chatsPolicyFollowing,
  nobody: chatsMessages.chatsPolicyNobody,
};

/** "Who can message me" and the daily digest (GET/PATCH /chats/settings), from the list's header. */
export function MessagingSettingsDialog() {
  const [open, setOpen] = useState(false);
  const [settings, setSettings] = useState<MessagingSettings | null>(null);
  const [status, setStatus] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setStatus(null);
    void api.chats
      .settings()
      .then(({ data }) => setSettings(data))
      .catch((error: unknown) => setStatus({ tone: "error", text: submitErrorMessage(error) }));
  }, [open]);

  const save = async () => {
    if (!settings) return;
    setBusy(true);
    try {
      const { data } = await api.chats.updateSettings({ body: settings });
      setSettings(data);
      setStatus({ tone: "success", text: chatsMessages.chatsSettingsSaved });
    } catch (error) {
      setStatus({ tone: "error", text: submitErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={chatsMessages.chatsSettings}
      size="sm"
      trigger={
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-full text-ink-muted hover:bg-black/5"
        >
          <Icon name="settings" size={20} />
          <span className="sr-only">{chatsMessages.chatsSettings}</span>
        </button>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {commonMessages.close}
          </Button>
          <Button onClick={() => void save()} disabled={!settings || busy} aria-busy={busy}>
            {chatsMessages.chatsSaveEdit}
          </Button>
        </>
      }
    >
      {settings ? (
        <div className="flex flex-col gap-4">
          <Select
            label={chatsMessages.chatsSettingsPolicy}
            value={settings.messagePolicy}
            options={(Object.keys(policyLabels) as MessagePolicy[]).map((value) => ({
              value,
              label: policyLabels[value],
            }))}
            onChange={(event) =>
              setSettings({ ...settings, messagePolicy: event.target.value as MessagePolicy })
            }
          />
          <Checkbox
            label={chatsMessages.chatsSettingsDigest}
            checked={settings.chatDigest}
            onChange={(event) => setSettings({ ...settings, chatDigest: event.target.checked })}
          />
        </div>
      ) : status?.tone === "error" ? null : (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only">{commonMessages.loading}</span>
          <Skeleton className="h-12" />
          <Skeleton className="h-6 w-3/4" />
        </div>
      )}
      {status ? (
        <p
          role={status.tone === "error" ? "alert" : "status"}
          className={status.tone === "error" ? "mt-3 text-sm text-danger" : "mt-3 text-sm text-success"}
        >
          {status.text}
        </p>
      ) : null}
    </Dialog>
  );
}
