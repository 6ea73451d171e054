import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError, MODERATION_APPEAL_LINK_DAYS } from "@vn/contract";

/**
 * The appeal link of a suspended person (issue 16), who cannot sign in: a token that names the
 * strike and its expiry, signed with the server's secret —
 *   `<action id>.<expiry, unix seconds>.<HMAC-SHA256(AUTH_SECRET, "moderation-appeal:<id>.<expiry>"), base64url>`
 * Nothing is stored for it. It is single-use because the strike takes one appeal: once appealed,
 * sending it again answers appeal_alreadySubmitted (it still shows where the appeal stands).
 */
function signature(secret: string, actionId: string, expires: number): string {
  return createHmac("sha256", secret).update(`moderation-appeal:${actionId}.${expires}`).digest("base64url");
}

export function appealLinkToken(secret: string, actionId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + MODERATION_APPEAL_LINK_DAYS * 24 * 60 * 60;
  return `${actionId}.${expires}.${signature(secret, actionId, expires)}`;
}

/** The strike a token names; a wrong, altered or expired one answers moderation_appealLinkInvalid. */
export function readAppealLinkToken(secret: string, token: string, now = Date.now()): string {
  const invalid = () => new AppError("moderation_appealLinkInvalid");
  const [actionId, expiresText, given] = token.split(".");
  if (!actionId || !expiresText || !given || !/^\d+$/.test(expiresText)) throw invalid();
  const expires = Number(expiresText);
  const wanted = Buffer.from(signature(secret, actionId, expires));
  const sent = Buffer.from(given);
  if (wanted.length !== sent.length || !timingSafeEqual(wanted, sent)) throw invalid();
  if (expires * 1000 < now) throw invalid();
  return actionId;
}
