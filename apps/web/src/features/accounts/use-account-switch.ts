"use client";

import { format } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { useSWRConfig } from "swr";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { api } from "@/lib/api-client";
import { submitErrorMessage } from "@/lib/forms";
import { routes } from "@/lib/paths";
import { SESSION_KEY } from "@/lib/session";

export type SwitchTarget = { type: "user" } | { type: "company"; id: string };

/**
 * POST /users/switch-account (spec §7, body type.id): act as oneself or as a company. The answer
 * is the Session user as the new account; the session cache takes it, and the page moves to the
 * acting profile.
 */
export function useAccountSwitch() {
  const router = useRouter();
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const [switching, setSwitching] = useState(false);

  const switchTo = useCallback(
    async (target: SwitchTarget, options: { navigate?: boolean; announce?: boolean } = {}) => {
      setSwitching(true);
      try {
        const body =
          target.type === "user"
            ? { type: { id: "user" as const } }
            : { type: { id: "company" as const }, id: target.id };
        const { data: user } = await api.accounts.switchAccount({ body });
        await mutate(SESSION_KEY, user, { revalidate: false });
        if (options.announce !== false) snackbar.show(format(commonMessages.switchedTo, { name: user.name }));
        if (options.navigate !== false) router.push(routes.profile(user.slug));
        return user;
      } catch (error) {
        snackbar.show(submitErrorMessage(error), { tone: "error" });
        return null;
      } finally {
        setSwitching(false);
      }
    },
    [mutate, router, snackbar],
  );

  return { switchTo, switching };
}
