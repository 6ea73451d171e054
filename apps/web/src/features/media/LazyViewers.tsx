"use client";

import { useEffect } from "react";
import { deferredModule, useDeferredModule } from "@/lib/use-deferred-module";
import type { ViewerFile } from "./FileViewer";
import type { PlayableVideo } from "./VideoPlayerModal";

/**
 * The file viewer and the video player, loaded when a card first opens one (with Radix's dialog
 * and the PDF reader) instead of with every page that shows a card (decision 0027, session 15).
 * Once loaded they stay mounted, so closing animates as before.
 */
const viewerModule = deferredModule(() => import("./FileViewer").then((module) => module.FileViewer));
const playerModule = deferredModule(() =>
  import("./VideoPlayerModal").then((module) => module.VideoPlayerModal),
);

export function LazyFileViewer({ file, onClose }: { file: ViewerFile | null; onClose: () => void }) {
  const [Viewer, load] = useDeferredModule(viewerModule);
  useEffect(() => {
    if (file) load();
  }, [file, load]);
  return Viewer ? <Viewer file={file} onClose={onClose} /> : null;
}

export function LazyVideoPlayerModal({
  video,
  onClose,
}: {
  video: PlayableVideo | null;
  onClose: () => void;
}) {
  const [Player, load] = useDeferredModule(playerModule);
  useEffect(() => {
    if (video) load();
  }, [video, load]);
  return Player ? <Player video={video} onClose={onClose} /> : null;
}
