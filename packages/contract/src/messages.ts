/**
 * Every user-facing sentence of the spec, verbatim, in one English catalogue.
 * Sentences the spec names without giving the text ("texts not shown") are written here once,
 * in the product's voice; docs/decisions/0004-message-texts.md lists which ones those are.
 *
 * The catalogue is kept in parts (./messages/*.ts), one per feature of the web app, so a page's
 * bundle carries only the strings it renders (decision 0027): web code imports the part it needs
 * ("@vn/contract/messages/search"), never `messages`, which would bring every part. A string lives in
 * the part of the one feature that renders it in the browser; `common` holds the frame every page
 * loads, `shared` what several features render, `server` what only server code renders, and
 * `validation` the schemas' own messages. A key moves between parts when its use changes; its text
 * stays in one place. `messages` composes every part, for the API, server code and tests; format() and formatCount()
 * (./messages/format.ts) fill the templates.
 */
import { accountsMessages } from "./messages/accounts";
import { adminMessages } from "./messages/admin";
import { backofficeMessages } from "./messages/backoffice";
import { billingMessages } from "./messages/billing";
import { chatsMessages } from "./messages/chats";
import { commentsMessages } from "./messages/comments";
import { commonMessages } from "./messages/common";
import { companiesMessages } from "./messages/companies";
import { contentMessages } from "./messages/content";
import { formsMessages } from "./messages/forms";
import { insightsMessages } from "./messages/insights";
import { kybMessages } from "./messages/kyb";
import { leadsMessages } from "./messages/leads";
import { mediaMessages } from "./messages/media";
import { moderationMessages } from "./messages/moderation";
import { moderationAdminMessages } from "./messages/moderation-admin";
import { onboardingMessages } from "./messages/onboarding";
import { pageEditingMessages } from "./messages/page-editing";
import { profilesMessages } from "./messages/profiles";
import { searchMessages } from "./messages/search";
import { serverMessages } from "./messages/server";
import { settingsMessages } from "./messages/settings";
import { sharedMessages } from "./messages/shared";
import { socialMessages } from "./messages/social";
import { teamsMessages } from "./messages/teams";
import { validationMessages } from "./messages/validation";
import { verificationMessages } from "./messages/verification";

export const messages = {
  ...accountsMessages,
  ...adminMessages,
  ...backofficeMessages,
  ...billingMessages,
  ...chatsMessages,
  ...commentsMessages,
  ...commonMessages,
  ...companiesMessages,
  ...contentMessages,
  ...formsMessages,
  ...insightsMessages,
  ...kybMessages,
  ...leadsMessages,
  ...mediaMessages,
  ...moderationMessages,
  ...moderationAdminMessages,
  ...onboardingMessages,
  ...pageEditingMessages,
  ...profilesMessages,
  ...searchMessages,
  ...serverMessages,
  ...settingsMessages,
  ...sharedMessages,
  ...socialMessages,
  ...teamsMessages,
  ...validationMessages,
  ...verificationMessages,
} as const;

export type MessageKey = keyof typeof messages;
