"use client";

import type { NotificationEvent } from "@vn/contract";
import { useEffect } from "react";
import { useSWRConfig } from "swr";
import { type AnswerOf, api } from "@/lib/api-client";
import { useCursorList } from "@/lib/use-cursor-list";
import { useResource } from "@/lib/use-resource";
import { useSocketEvent } from "@/lib/use-socket-event";

/** The SWR key of the unread count (the live event and mark-read update it). */
export const UNREAD_KEY = api.notifications.unreadCount.path();

export type NotificationPage = AnswerOf<typeof api.notifications.list>;

function fetchPage([, perPage]: readonly [string, number], cursor: string | null): Promise<NotificationPage> {
  return api.notifications.list({ query: { perPage, cursor: cursor ?? undefined } });
}

/** Every mounted list (menu, page), to revalidate on a live event or a mark-read. */
const lists = new Set<() => void>();
function refreshLists(): void {
  for (const refresh of lists) refresh();
}

/** The notification list by cursor (the menu asks for one short page, the page scrolls on). */
export function useNotificationList(enabled: boolean, perPage: number) {
  const result = useCursorList(enabled ? ([`notifications:${perPage}`, perPage] as const) : null, fetchPage, {
    revalidateOnFocus: true,
  });
  const { mutate } = result;
  useEffect(() => {
    const refresh = () => void mutate();
    lists.add(refresh);
    return () => {
      lists.delete(refresh);
    };
  }, [mutate]);
  return result;
}

export function useUnreadCount(enabled: boolean) {
  const result = useResource(api.notifications.unreadCount, enabled ? {} : null);
  return { count: result.data?.data.unreadCount ?? 0, mutate: result.mutate };
}

/** The `notification` socket event (§7): the unread count and the lists follow it live. */
export function useLiveNotifications(enabled: boolean): boolean {
  const { mutate } = useSWRConfig();
  return useSocketEvent<NotificationEvent>("notification", enabled, (event) => {
    void mutate(UNREAD_KEY, { data: { unreadCount: event.unreadCount } }, { revalidate: false });
    refreshLists();
  });
}

export function useMarkRead() {
  const { mutate } = useSWRConfig();
  return {
    one: async (id: string) => {
      await api.notifications.markRead({ params: { id } });
      refreshLists();
      await mutate(UNREAD_KEY);
    },
    all: async () => {
      await api.notifications.markAllRead();
      refreshLists();
      await mutate(UNREAD_KEY);
    },
  };
}
