"use client";

import type { ChatMessageCreatedEvent, ChatReadEvent, ChatTypingEvent, ChatUpdatedEvent } from "@vn/contract";
import { useEffect, useRef, useState } from "react";
import { type AppSocket, acquireSocket, listen, reconnectOnUserAction, releaseSocket } from "@/lib/socket";

export interface ChatSocketHandlers {
  created(event: ChatMessageCreatedEvent): void;
  updated(event: ChatUpdatedEvent): void;
  read(event: ChatReadEvent): void;
  typing(event: ChatTypingEvent): void;
  /** The socket is (again) connected: fetch what was missed while it was away. */
  connected(): void;
}

/**
 * The messenger's share of the page's socket (§7 chats.*). The socket never reconnects by itself
 * (§4): coming back to the tab, the browser going online, or the Reconnect button are user
 * actions that open it again, and every connect runs `connected` (catch-up by changeSeq).
 */
export function useChatSocket(enabled: boolean, handlers: ChatSocketHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [socket, setSocket] = useState<AppSocket | null>(null);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let acquired = false;
    const offs: (() => void)[] = [];
    void acquireSocket().then((shared) => {
      if (!shared) return;
      acquired = true;
      if (cancelled) {
        releaseSocket();
        return;
      }
      offs.push(
        listen<ChatMessageCreatedEvent>(shared, "chats.messages.created", (e) => latest.current.created(e)),
        listen<ChatUpdatedEvent>(shared, "chats.updated", (e) => latest.current.updated(e)),
        listen<ChatReadEvent>(shared, "chats.read", (e) => latest.current.read(e)),
        listen<ChatTypingEvent>(shared, "chats.typing", (e) => latest.current.typing(e)),
      );
      const onConnect = () => {
        setConnected(true);
        latest.current.connected();
      };
      const onDisconnect = () => setConnected(false);
      shared.on("connect", onConnect);
      shared.on("disconnect", onDisconnect);
      offs.push(() => {
        shared.off("connect", onConnect);
        shared.off("disconnect", onDisconnect);
      });
      setSocket(shared);
      if (shared.connected) onConnect();
    });
    return () => {
      cancelled = true;
      for (const off of offs) off();
      setSocket(null);
      setConnected(false);
      if (acquired) releaseSocket();
    };
  }, [enabled]);

  useEffect(() => {
    if (!socket) return;
    // A user coming back is a user action: a dropped connection opens again (once, however many
    // of these fire together: reconnectOnUserAction knows a connection already being made).
    const back = () => reconnectOnUserAction(socket);
    const onVisible = () => {
      if (document.visibilityState === "visible") back();
    };
    window.addEventListener("focus", back);
    window.addEventListener("online", back);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("focus", back);
      window.removeEventListener("online", back);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [socket]);

  return {
    /** Null until the socket was asked for (no API origin: never). */
    socket,
    connected,
    reconnect: () => {
      if (socket) reconnectOnUserAction(socket);
    },
  };
}
