"use client";

import type { ProfilePage } from "@vn/contract";
import { pageEditingMessages } from "@vn/contract/messages/page-editing";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { LazyDialog } from "@/components/ui/LazyDialog";
import { SESSION_KEY } from "@/lib/session";
import { LazyPageEditForm } from "./LazyPageEditForm";

/**
 * "Edit page" on a page the viewer runs: opens the form in a dialog; a save refreshes the
 * server-rendered page (and the session, whose name and picture the header shows).
 */
export function EditPageButton({ page }: { page: ProfilePage }) {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const company = page.user.type.id === "company";
  return (
    <LazyDialog
      open={open}
      onOpenChange={setOpen}
      size="lg"
      title={company ? pageEditingMessages.editCompanyPageTitle : pageEditingMessages.editPageTitle}
      description={pageEditingMessages.editPageIntro}
      trigger={
        <Button variant="secondary" className="mt-3">
          <Icon name="settings" size={18} />
          {pageEditingMessages.editPage}
        </Button>
      }
    >
      {open ? (
        <LazyPageEditForm
          page={page}
          onCancel={() => setOpen(false)}
          onSaved={async () => {
            setOpen(false);
            snackbar.show(pageEditingMessages.pageSaved, { tone: "success" });
            router.refresh();
            await mutate(SESSION_KEY);
          }}
        />
      ) : null}
    </LazyDialog>
  );
}
