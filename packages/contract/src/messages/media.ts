/**
 * Strings of the web's media feature (apps/web/src/features/media).
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const mediaMessages = {
  // §8 user messages
  downloadFailed: "Could not download the file",
  documentNotFound: "Document not found.",
  fileConverting: "The file is being converted. Please wait.",

  // Media pipeline (issue 5): uploads, processing, documents. Texts the spec does not give.
  mediaProcessing: "The file is being processed.",
  mediaProcessingFailed: "We could not process this file.",
  mediaUnprocessed:
    "This server cannot process video and audio right now. The file is kept and will play once processing is available.",
  documentUnprocessed:
    "Previews of documents are not available on this server right now. You can still download the file.",

  // Issue 18: the content sections folders, questions and links; the sign-in dialog; the post overlay
  galleryPosition: "Image {position} of {count}",
  downloadFile: "Download",

  // Media (issue 5): labels of the upload fields, the crop dialog, the file viewer and the players.
  // Texts the spec does not give, in the product's voice.
  uploading: "Uploading {name}",
  uploadCancelled: "Upload cancelled.",
  cancelUpload: "Cancel upload",
  changeImage: "Change image",
  chooseDocument: "Choose document",
  chooseAudio: "Choose audio file",
  chooseVideo: "Choose video file",
  replaceFile: "Replace file",
  removeFile: "Remove file",
  imageHint: "JPG, PNG, WebP or HEIC, at least 350 × 350 pixels, up to 15 MB.",
  documentHint:
    "PDF, Word, Excel, PowerPoint, OpenDocument and more, up to 50 MB. Fill in the title and description first.",
  audioHint: "MP3, M4A, WAV, OGG, FLAC and more, up to 200 MB. Fill in the title and description first.",
  videoHint: "MP4, MOV, WebM, MKV or AVI, up to 2 GB. Fill in the title and description first.",
  cropTitle: "Crop image",
  cropDescription:
    "Drag the frame or use the arrow keys to choose what shows. The square crop is used on desktop, the tall one in previews.",
  cropDesktop: "Desktop (350 × 350)",
  cropPreview: "Preview (350 × 448)",
  cropArea: "Crop frame: arrow keys move it, plus and minus zoom",
  zoom: "Zoom",
  applyCrop: "Apply and upload",
  ready: "Ready",
  openDocument: "Open document",
  playVideo: "Play video: {name}",
  videoPlayer: "Video: {name}",
  playPodcast: "Play: {name}",
  galleryLabel: "Pictures and videos",
  galleryHint: "Up to {images} images and {videos} videos. The post shows the images first, then the videos.",
  galleryEmpty: "No pictures or videos yet.",
  galleryImageName: "Image {position}",
  galleryVideoName: "Video {position}",
  addVideo: "Add video",
  postVideoHint: "MP4, MOV, WebM, MKV or AVI, up to 2 GB.",
  moveEarlier: "Move {name} earlier",
  moveLater: "Move {name} later",
  entryMoved: "{name} is now number {position} of {count}.",
  editCrop: "Edit crop",
  editCropOf: "Edit crop of {name}",
  applyRecrop: "Apply crop",
  cropSaved: "The new crop is saved.",
  loadingImage: "Loading the image…",

  // Alt text of content pictures (issue 18)
  imageAltLabel: "Describe this picture for people who can't see it",
  imageAltLabelOf: "Describe {name} for people who can't see it",
  imageAltHint: "Optional, but it helps: what the picture shows, in a sentence.",
  pictureAltFallback: "Picture by {name}",
  pictureAltFallbackPosition: "Picture {position} of {count} by {name}",
} as const;
