"use client";

import { type ContentItem, format } from "@vn/contract";
import { contentMessages } from "@vn/contract/messages/content";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { LazyDialog } from "@/components/ui/LazyDialog";
import { sessionStore } from "@/features/accounts/pending-intent";
import { DetailSocial } from "@/features/social/DetailSocial";
import { ContentBody } from "./ContentBody";
import { OwnerLine } from "./ContentCard";
import { OwnerActions } from "./OwnerActions";
import { saveOverlayList } from "./overlay-list";
import { closeTarget, overlayUrl } from "./overlay-url";
import { RepostButton } from "./RepostButton";

export interface PostOverlayProps {
  posts: readonly ContentItem[];
  current: ContentItem;
  onNavigate: (item: ContentItem) => void;
  onClose: () => void;
  live: boolean;
}

/**
 * The post viewer over a list (§2 post overlay). Opening pushes /{owner}/posts/{post} with the
 * overlay's query; moving to another post replaces it and keeps the initiator; closing goes back
 * to the initiator with its earlier query. A reload of that URL renders the full page.
 */
export function PostOverlay({ posts, current, onNavigate, onClose, live }: PostOverlayProps) {
  const router = useRouter();
  const initiator = useRef<string | null>(null);
  const pushed = useRef(false);
  // The view the URL carries (issue 18): the picture open in the viewer and text-only mode, read
  // back by the detail page when this URL is reloaded.
  const [gallery, setGallery] = useState<number | null>(null);
  const [textOnly, setTextOnly] = useState(false);
  const ownersOnly = posts.every((post) => post.owner.id === current.owner.id);
  const [shownId, setShownId] = useState(current.id);
  if (shownId !== current.id) {
    // Another post: its own pictures; text-only mode stays.
    setShownId(current.id);
    setGallery(null);
  }
  const hasMedia =
    current.gallery.images.length > 0 ||
    current.gallery.videos.length > 0 ||
    current.file !== null ||
    current.mainImage !== null;

  useEffect(() => {
    if (initiator.current === null)
      initiator.current = `${window.location.pathname}${window.location.search}`;
    const url = overlayUrl(current.path, {
      postSlug: current.slug,
      ownerSlug: current.owner.slug,
      initiator: initiator.current,
      // §2 navigate: the overlay steps through the list's posts; owner: that list is the owner's
      // own posts (a profile's list), which a reload can ask the API for (OverlayNavigation).
      navigate: posts.length > 1,
      owner: ownersOnly,
      // §2: the 1-based index of the gallery's picture open in the viewer (videos have none).
      gallery: gallery ?? undefined,
      textOnly,
    });
    if (pushed.current) window.history.replaceState(window.history.state, "", url);
    else {
      window.history.pushState(window.history.state, "", url);
      pushed.current = true;
    }
  }, [current, posts.length, ownersOnly, gallery, textOnly]);

  // The list as stepped through, kept under the initiator for a reload of this URL.
  useEffect(() => {
    const store = sessionStore();
    if (store && initiator.current !== null)
      saveOverlayList(
        store,
        initiator.current,
        posts.map((post) => post.path),
      );
  }, [posts]);

  // The latest onClose, read by the popstate listener below.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);
  useEffect(() => {
    // The browser's back button (and close(), which goes back) closes the overlay too. The
    // listener is added once: Next's own popstate listener runs first and commits its restore
    // synchronously, which re-renders the list with a new onClose; a listener re-added for that
    // would be removed mid-dispatch and never hear this popstate, leaving the overlay open.
    const onPop = () => {
      pushed.current = false;
      closeRef.current();
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const close = () => {
    if (pushed.current) {
      window.history.back();
      return;
    }
    onClose();
    router.push(closeTarget(initiator.current));
  };

  const index = posts.findIndex((post) => post.id === current.id);
  const previous = index > 0 ? posts[index - 1] : undefined;
  const next = index >= 0 && index < posts.length - 1 ? posts[index + 1] : undefined;

  return (
    <LazyDialog
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={format(sharedMessages.postBy, { name: current.owner.name })}
      size="lg"
      footer={
        <div className="flex w-full flex-wrap items-center justify-between gap-2">
          <div className="flex gap-2">
            <Button variant="secondary" disabled={!previous} onClick={() => previous && onNavigate(previous)}>
              <Icon name="arrowLeft" size={18} />
              <span className="max-sm:sr-only">{contentMessages.previousPost}</span>
            </Button>
            <Button variant="secondary" disabled={!next} onClick={() => next && onNavigate(next)}>
              <span className="max-sm:sr-only">{contentMessages.nextPost}</span>
              <Icon name="chevronRight" size={18} />
            </Button>
          </div>
          {hasMedia || textOnly ? (
            <Button variant="tertiary" aria-pressed={textOnly} onClick={() => setTextOnly(!textOnly)}>
              <Icon name={textOnly ? "eye" : "document"} size={18} />
              {textOnly ? contentMessages.textOnlyOff : contentMessages.textOnlyOn}
            </Button>
          ) : null}
          {live ? null : (
            <div className="flex items-center gap-1">
              <RepostButton item={current} />
              {current.editable ? <OwnerActions item={current} onDeleted={close} /> : null}
            </div>
          )}
        </div>
      }
    >
      <div className="flex flex-col gap-4">
        <OwnerLine item={current} />
        <ContentBody
          key={current.id}
          item={current}
          full
          textOnly={textOnly}
          galleryImage={gallery}
          onGalleryImage={setGallery}
        />
        <DetailSocial key={current.id} item={current} live={live} />
      </div>
    </LazyDialog>
  );
}
