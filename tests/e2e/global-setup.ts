import fs from "node:fs";
import type { TestProject } from "vitest/node";
// @ts-expect-error: a plain .mjs module shared with `npm start`
import { ensureWebBuild } from "../../scripts/lib/web-build.mjs";
import { startMailCatcher } from "./support/mail-server";
import { startStack } from "./support/stack";

declare module "vitest" {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
    /** The mail catcher's reader: GET {mailUrl}/mails?to=… (support/mail.ts). */
    mailUrl: string;
  }
}

/**
 * Builds the web app if needed, starts a real SMTP server (the API mails through it), the API and
 * the web server for the whole browser run.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync("/usr/bin/chromium")) {
    throw new Error(
      "Chromium is missing: apt-get install -y chromium (the browser tests need /usr/bin/chromium)",
    );
  }
  if (!ensureWebBuild()) throw new Error("The web build failed");

  const mail = await startMailCatcher();
  const stack = await startStack({ LOG_LEVEL: "info", SMTP_URL: mail.smtpUrl }).catch(async (error) => {
    await mail.stop();
    throw error;
  });
  project.provide("webUrl", stack.webUrl);
  project.provide("apiUrl", stack.apiUrl);
  project.provide("mailUrl", mail.mailUrl);

  return async () => {
    await stack.stop();
    await mail.stop();
  };
}
