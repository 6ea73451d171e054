/**
 * Every limit of spec §5 and §9, and the product-decisions values, named once.
 * Nothing else in the codebase types these numbers.
 */

// Accounts (§5, §9)
export const MIN_AGE = 18;
export const EMAIL_MIN = 6;
export const EMAIL_MAX = 254;
export const BULK_INVITE_MAX_EMAILS = 50;
export const PASSWORD_MIN = 8;
export const PHONE_MIN_DIGITS = 7;
export const ONE_TIME_CODE_LENGTH = 6;
export const ONE_TIME_CODE_TTL_MS = 10 * 60 * 1000;
export const ONE_TIME_CODE_MAX_TRIES = 5;
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const SESSION_COOKIE_MAX_AGE_S = 24 * 60 * 60;

// Team invite fields (§5)
export const INVITE_USER_MIN = 2;
export const INVITE_USER_MAX = 254;
export const INVITE_DISPLAY_NAME_MIN = 1;
export const INVITE_DISPLAY_NAME_MAX = 128;
export const INVITE_POSITION_MIN = 2;
export const INVITE_POSITION_MAX = 128;
export const INVITE_CAPTION_MIN = 1;
export const INVITE_CAPTION_MAX = 2000;
export const INVITE_TEAM_MIN = 1;
export const INVITE_TEAM_MAX = 64;

// Images and media (§5, §9, product decisions)
export const MB = 1024 * 1024;
export const IMAGE_MAX_BYTES = 15 * MB;
export const IMAGE_MIN_PX = 350;
export const IMAGE_MAX_PX = 6000;
export const CROP_DESKTOP = { width: 350, height: 350 } as const;
export const CROP_PREVIEW = { width: 350, height: 448 } as const;
export const DOCUMENT_MAX_BYTES = 50 * MB;
export const AUDIO_MAX_BYTES = 200 * MB;
export const VIDEO_MAX_BYTES = 2048 * MB;
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "heic", "webp"] as const;
export const ALLOWED_FILE_EXTENSIONS = [
  "pdf",
  "doc",
  "docx",
  "png",
  "jpg",
  "jpeg",
  "webp",
  "apng",
  "avif",
  "bmp",
  "gif",
  "svg",
  "tiff",
  "txt",
  "xls",
  "xlsx",
  "ppt",
  "pptx",
  "odt",
  "ods",
  "odp",
  "fodt",
  "fods",
  "fodp",
  "heic",
  "tsv",
  "mov",
] as const;
/** Durations under a second are shown as this label (§9). */
export const MEDIA_MIN_DURATION_LABEL = "1 sec";
export const TIME_FORMAT = "hh:mm:ss";

// URLs and redirects (§5)
export const URL_MAX_LENGTH_HTTP = 2000;
export const URL_MAX_LENGTH_OTHER = 1993;

// Layout (§9)
export const BREAKPOINTS = { sm: 768, md: 1024, lg: 1280, xl: 1920 } as const;
/** Widths at or below this are "mobile" (§9). */
export const MOBILE_MAX_WIDTH = 1023;
export const PAGE_MIN_WIDTH = 360;
export const DATE_CALENDAR_WIDTH = 320;
export const TOUCH_TARGET_MIN = 40;
export const TOUCH_TARGET_MAX = 48;
export const ICON_SIZE_MIN = 16;
export const ICON_SIZE_MAX = 128;

// Lists, history, rooms (§9)
export const PER_PAGE_DEFAULT = 5;
export const PER_PAGE_MAX = 100;
/**
 * Items per page of the back-office's work queues (issue 16): staff work through them in batches
 * and select many for a bulk action, so a page holds more than the public lists' five (§9).
 */
export const STAFF_QUEUE_PER_PAGE = 25;
export const HISTORY_KEEP = 10;
export const HISTORY_RESTORE = 5;
export const COMMENT_ROOMS_MAX = 5;
export const COMMENT_LIMIT_PER_POST = 1000;

// Network (§7, §9)
export const API_TIMEOUT_MS = 60_000;
export const SOCKET_CONNECT_TIMEOUT_MS = 20_000;
/** §9 states a 1–5 s reconnect delay beside "reconnection disabled"; we keep reconnection off
 * and use these delays only when a user action reconnects a dropped socket. */
export const SOCKET_RECONNECT_DELAY_MS = 1000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5000;
export const SOCKET_ACK_TIMEOUT_MS = 10_000;
export const SWR_DEDUPE_MS = 2000;
export const SWR_ERROR_RETRY_MS = 5000;
export const SWR_FOCUS_THROTTLE_MS = 5000;
export const VERSION_POLL_MS = 60_000;

// Text (§9)
export const META_DESCRIPTION_MAX = 160;
export const SHARE_TEXT_MAX = 100;

// Plans (§9, product decisions)
export const YEARLY_DISCOUNT = 0.16;
export const CURRENCY = "USD";
export const FREE_TRIAL_DAYS = 14;
export const TRIAL_REMINDER_DAYS_BEFORE = 3;
export const AD_OFFER_CREDIT_USD = 500;
export const AD_OFFER_MIN_SPEND_USD = 3000;
export const FOLLOWER_BADGE_THRESHOLD = 10_000;

// Abuse limits (product decisions)
export const FEEDBACK_PER_HOUR = 3;
export const REPORT_PER_HOUR = 10;
/**
 * Issue 11: limits per email address, whatever the client's address. Past one, each further try
 * doubles the wait (backoff), up to four windows. Failed sign-ins count (a success clears them);
 * so do code checks; every code and reset request counts.
 */
export const SIGN_IN_FAILURES_PER_EMAIL = 10;
export const SIGN_IN_FAILURES_WINDOW_MS = 15 * 60 * 1000;
export const EMAIL_CODE_CHECKS_PER_EMAIL = 10;
export const EMAIL_CODE_CHECKS_WINDOW_MS = 15 * 60 * 1000;
/**
 * Issue 16: second-factor codes (TOTP or backup) per account, whatever the address; a right code
 * clears them. better-auth adds its own: 5 tries per sign-in challenge, a 15-minute lock after 10.
 */
export const TWO_FACTOR_CHECKS_PER_ACCOUNT = 5;
export const TWO_FACTOR_CHECKS_WINDOW_MS = 15 * 60 * 1000;
/** The TOTP code's digits (RFC 6238: SHA-1, 30-second steps). */
export const TOTP_CODE_LENGTH = 6;
/** How long the sign-in's second step may wait after the password (better-auth's challenge). */
export const TWO_FACTOR_CHALLENGE_TTL_S = 10 * 60;
export const EMAIL_CODE_REQUESTS_PER_EMAIL = 5;
export const PASSWORD_RESET_REQUESTS_PER_EMAIL = 3;
/** The window of code and reset requests per email. */
export const EMAIL_REQUESTS_WINDOW_MS = 60 * 60 * 1000;
/**
 * Issue 11: mail to one recipient, whichever route sends it (the API's mail layer counts):
 * codes an hour, every mail an hour and a day. Security notices (the email was changed) always go.
 */
export const MAIL_CODES_PER_RECIPIENT_PER_HOUR = 5;
export const MAIL_PER_RECIPIENT_PER_HOUR = 10;
export const MAIL_PER_RECIPIENT_PER_DAY = 30;
export const SANCTIONED_COUNTRIES_DEFAULT = ["CU", "IR", "KP", "SY"] as const;

// API frame
export const BODY_LIMIT_BYTES = 1 * MB;
export const RATE_LIMIT_DEFAULT_PER_MINUTE = 300;
/**
 * Issue 11: the web server's calls to the API while rendering carry the visitor's address in
 * FORWARDED_CLIENT_HEADER, which the API believes only with the shared secret (WEB_FORWARD_SECRET
 * on both) in FORWARD_SECRET_HEADER: each visitor spends their own rate-limit budget.
 */
export const FORWARDED_CLIENT_HEADER = "x-vn-client-address";
export const FORWARD_SECRET_HEADER = "x-vn-forward-secret";
/** The secret both sides use when WEB_FORWARD_SECRET is unset; the API refuses it in production. */
export const DEV_WEB_FORWARD_SECRET = "dev-forward-secret-change-me-dev-forward-secret";

// Web shell
export const PRODUCT_NAME = "Verified Network";
/** better-auth's session cookie; browsers on https get the "__Secure-" prefixed name. */
export const SESSION_COOKIE_NAME = "better-auth.session_token";
export const SESSION_COOKIE_NAME_SECURE = "__Secure-better-auth.session_token";
/** How long a snackbar stays on screen. */
export const SNACKBAR_DURATION_MS = 5000;

// Handles (§5, product decisions)
export const HANDLE_MIN = 3;
export const HANDLE_MAX = 40;
/** Handles with fewer digits than this need Premium and verification (product decisions). */
export const HANDLE_FREE_MIN_DIGITS = 2;
/** A custom snackbar text passed in a URL (/logout?message=) is cut to this length. */
export const SNACKBAR_MESSAGE_MAX = 200;
export const SUPPORT_EMAIL = "support@verified.network";
export const PRIVACY_EMAIL = "privacy@verified.network";

// Accounts (issue 3; product decisions and our own choices, docs/decisions/0005-accounts.md)
/** A restore token (given when signing in to a deleted account) is good for this long. */
export const RESTORE_TOKEN_TTL_MS = 30 * 60 * 1000;
export const PASSWORD_RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** The link that undoes an email or phone change (mailed to the old address) works this long (issue 11). */
export const ACCESS_CHANGE_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const PERSON_NAME_MIN = 2;
export const PERSON_NAME_MAX = 100;
export const COMPANY_NAME_MIN = 2;
export const COMPANY_NAME_MAX = 120;
export const PROFESSION_MAX = 100;
export const CITY_MAX = 100;
export const ABOUT_MAX = 2000;
export const ABOUT_MAX_LINE_BREAKS = 20;
/** An invitation to join stays valid this long. */
export const USER_INVITE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const PASSWORD_MAX = 128;

// Media pipeline (issue 5; product decisions and our own choices, docs/decisions/0006-media-pipeline.md)
/** Image types that accept more than the profile-photo formats (§3 "the wider list where the type allows"). */
export const IMAGE_EXTENSIONS_WIDE = [
  "jpg",
  "jpeg",
  "png",
  "heic",
  "webp",
  "avif",
  "gif",
  "apng",
  "bmp",
  "tiff",
] as const;
export const AUDIO_EXTENSIONS = ["mp3", "m4a", "aac", "wav", "ogg", "oga", "opus", "flac", "webm"] as const;
export const VIDEO_EXTENSIONS = ["mp4", "m4v", "mov", "webm", "mkv", "avi"] as const;
/** Resumable uploads travel in parts of exactly this size (the last one shorter); S3 needs ≥ 5 MB. */
export const MEDIA_CHUNK_BYTES = 8 * MB;
/** One multipart request carries at most this much; larger files use the resumable protocol. */
export const MEDIA_SINGLE_REQUEST_MAX_BYTES = DOCUMENT_MAX_BYTES;
/** An unfinished resumable upload is kept this long after its last part, then deleted. */
export const UPLOAD_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** A publication's gallery holds at most this many images and videos ("maximum embedded images"). */
export const MEDIA_GALLERY_MAX_IMAGES = 10;
export const MEDIA_GALLERY_MAX_VIDEOS = 4;
/** Image variants: extraSmall is the desktop crop at this square size; full fits inside this box. */
export const IMAGE_VARIANT_EXTRA_SMALL_PX = 96;
export const IMAGE_VARIANT_FULL_PX = 2560;
/**
 * Issue 18: the whole picture again, fit inside this box (`medium`), for phones and the post
 * column; made only when the picture is larger than it (`full` serves smaller ones).
 */
export const IMAGE_VARIANT_MEDIUM_PX = 1080;
/** Issue 18: a picture's description for people who cannot see it (alt text), at most this long. */
export const IMAGE_ALT_MAX = 250;
/** Office files are zip archives: refused before conversion when they unpack beyond these. */
export const DOCUMENT_UNPACKED_MAX_BYTES = 300 * MB;
export const DOCUMENT_ARCHIVE_MAX_ENTRIES = 10_000;
/**
 * Issue 11 (processing bounds): a video's frames may be at most 8K UHD in either orientation
 * (long side × short side), and a video or audio recording at most this long.
 */
export const VIDEO_MAX_LONG_SIDE_PX = 7680;
export const VIDEO_MAX_SHORT_SIDE_PX = 4320;
export const MEDIA_MAX_DURATION_HOURS = 4;
/** Unfinished resumable uploads one person holds at once, whichever profiles they act for. */
export const MEDIA_OPEN_UPLOADS_MAX = 10;

/** Feedback (§3, §5): a rating of 1–5 and a message. */
export const FEEDBACK_RATING_MIN = 1;
export const FEEDBACK_RATING_MAX = 5;
export const FEEDBACK_MESSAGE_MAX = 2000;
