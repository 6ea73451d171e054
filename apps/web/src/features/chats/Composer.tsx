"use client";

import { CHAT_ATTACHMENTS_MAX, type Chat, format, type Media } from "@vn/contract";
import { chatsMessages } from "@vn/contract/messages/chats";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { UploadProgress } from "@/features/media/UploadProgress";
import { useUpload } from "@/features/media/use-upload";
import { useVerificationGate } from "@/features/verification/use-verification-gate";
import { api } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useChats } from "./ChatsProvider";
import { composerState, newClientId, TYPING_SEND_EVERY_MS } from "./chat-rules";
import { RefusalText } from "./RefusalText";

/**
 * The composer: Enter sends, Shift+Enter breaks the line; a counter near the 4,000-character
 * limit; files (images and documents, `chat_attachment`) upload one by one with a progress bar
 * before the send. A send carries a client id kept until it succeeds, so a retry after a lost
 * answer is stored once. Typing tells the others (POST typing, at most every few seconds).
 */
export function Composer({ chat }: { chat: Chat }) {
  const { dispatch, reconnect } = useChats();
  const gate = useVerificationGate();
  const upload = useUpload("chat_attachment");
  const [text, setText] = useState("");
  const [files, setFiles] = useState<Media[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const clientId = useRef<string | null>(null);
  const lastTyping = useRef(0);
  const picker = useRef<HTMLInputElement>(null);
  const uploading = upload.state.status === "uploading";
  const rules = composerState(text, files.length, uploading);

  const tellTyping = () => {
    const now = Date.now();
    if (now - lastTyping.current < TYPING_SEND_EVERY_MS) return;
    lastTyping.current = now;
    void api.chats.typing({ params: { id: chat.id } }).catch(() => undefined);
  };

  const send = async () => {
    if (!rules.canSend || sending) return;
    if (!gate.allows("messenger.use")) return;
    // Writing is a user action: a dropped socket opens again (§4) and catches up.
    reconnect();
    setSending(true);
    setError(null);
    clientId.current ??= newClientId();
    // The composer empties at once, so what is typed while the send is on its way stays; a
    // refused send gives its text and files back (unless something new was typed meanwhile).
    const sentText = text;
    const sentFiles = files;
    setText("");
    setFiles([]);
    try {
      const { data } = await api.chats.send({
        params: { id: chat.id },
        body: { clientId: clientId.current, body: sentText, attachmentIds: sentFiles.map((file) => file.id) },
      });
      dispatch({ type: "message", message: data });
      clientId.current = null;
      upload.reset();
    } catch (caught) {
      setText((current) => current || sentText);
      setFiles((current) => (current.length > 0 ? current : sentFiles));
      if (!gate.refusedBy(caught)) setError(caught);
    } finally {
      setSending(false);
    }
  };

  const pick = async (list: FileList | null) => {
    for (const file of Array.from(list ?? []).slice(0, CHAT_ATTACHMENTS_MAX - files.length)) {
      const media = await upload.start(file);
      if (!media) break;
      setFiles((held) => [...held, media]);
    }
    if (picker.current) picker.current.value = "";
  };

  return (
    <div className="border-t border-line px-3 py-3 lg:px-4">
      {error ? (
        <p role="alert" className="mb-2 text-sm text-danger">
          <RefusalText error={error} />
        </p>
      ) : null}
      {uploading && upload.state.fileName ? (
        <div className="mb-2">
          <UploadProgress
            fileName={upload.state.fileName}
            progress={upload.state.progress}
            onCancel={upload.cancel}
          />
        </div>
      ) : null}
      {upload.state.status === "error" && upload.state.error ? (
        <p role="alert" className="mb-2 text-sm text-danger">
          {upload.state.error}
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={chatsMessages.chatsAttach}>
          {files.map((file) => (
            <li
              key={file.id}
              className="flex items-center gap-1 rounded-full bg-black/[0.06] py-1 pr-1 pl-3 text-sm"
            >
              <span className="max-w-40 truncate">{file.fileName}</span>
              <button
                type="button"
                onClick={() => setFiles((held) => held.filter((f) => f.id !== file.id))}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-black/10"
              >
                <Icon name="close" size={14} />
                <span className="sr-only">
                  {format(chatsMessages.chatsRemoveAttachment, { name: file.fileName })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <input
          ref={picker}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="chat-file-input"
          onChange={(event) => void pick(event.target.files)}
        />
        <button
          type="button"
          onClick={() => picker.current?.click()}
          disabled={uploading || files.length >= CHAT_ATTACHMENTS_MAX}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-black/5 disabled:opacity-40"
        >
          <Icon name="plus" size={20} />
          <span className="sr-only">{chatsMessages.chatsAttach}</span>
        </button>
        <div className="flex min-w-0 flex-1 flex-col">
          <label htmlFor={`composer-${chat.id}`} className="sr-only">
            {chatsMessages.chatsComposerLabel}
          </label>
          <textarea
            id={`composer-${chat.id}`}
            value={text}
            rows={1}
            placeholder={chatsMessages.chatsComposerLabel}
            aria-describedby={`composer-hint-${chat.id}`}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value) tellTyping();
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                void send();
              }
            }}
            className="max-h-40 min-h-10 resize-none rounded-2xl bg-black/[0.04] px-4 py-2 text-[0.95rem] text-ink outline-none focus:ring-2 focus:ring-brand [field-sizing:content]"
          />
          <span id={`composer-hint-${chat.id}`} className="sr-only">
            {chatsMessages.chatsComposerHint}
          </span>
          {rules.showCounter ? (
            <span
              aria-live="polite"
              className={cn(
                "mt-1 self-end text-xs tabular-nums",
                rules.left < 0 ? "text-danger" : "text-ink-muted",
              )}
            >
              {format(chatsMessages.chatsCharactersLeft, { count: rules.left })}
            </span>
          ) : null}
        </div>
        <Button type="submit" disabled={!rules.canSend || sending} aria-busy={sending} className="shrink-0">
          {chatsMessages.chatsSend}
        </Button>
      </form>
    </div>
  );
}
