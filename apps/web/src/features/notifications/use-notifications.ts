"use client";

import type { Notification, NotificationEvent } from "@vn/contract";
import { useEffect } from "react";
import { useSWRConfig } from "swr";
import { api, request } from "@/lib/api";
import { useCursorList } from "@/lib/use-cursor-list";
import { useResource } from "@/lib/use-resource";
import { useSocketEvent } from "@/lib/use-socket-event";

export const UNREAD_KEY = "/v1/notifications/unread-count";

export interface NotificationPage {
  data: Notification[];
  meta: { nextCursor: string | null; unreadCount: number };
}

async function fetchPage(
  [, perPage]: readonly [string, number],
  cursor: string | null,
): Promise<NotificationPage> {
  const query: Record<string, string | number> = { perPage };
  if (cursor) query.cursor = cursor;
  return (await request<NotificationPage>("/v1/notifications", { query, envelope: true })).data;
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
  const result = useResource<{ unreadCount: number }>(enabled ? UNREAD_KEY : null);
  return { count: result.data?.unreadCount ?? 0, mutate: result.mutate };
}

/** The `notification` socket event (§7): the unread count and the lists follow it live. */
export function useLiveNotifications(enabled: boolean): boolean {
  const { mutate } = useSWRConfig();
  return useSocketEvent<NotificationEvent>("notification", enabled, (event) => {
    void mutate(UNREAD_KEY, { unreadCount: event.unreadCount }, { revalidate: false });
    refreshLists();
  });
}

export function useMarkRead() {
  const { mutate } = useSWRConfig();
  return {
    one: async (id: string) => {
      await api.post(`/v1/notifications/${encodeURIComponent(id)}/read`);
      refreshLists();
      await mutate(UNREAD_KEY);
    },
    all: async () => {
      await api.post("/v1/notifications/read-all");
      refreshLists();
      await mutate(UNREAD_KEY);
    },
  };
}
