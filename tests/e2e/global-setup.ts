import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error: a plain .mjs module shared with `npm start`
import { ensureWebBuild } from "../../scripts/lib/web-build.mjs";
import { startMailCatcher } from "./support/mail-server";
import { createRunDatabase, freePort, repoRoot, startProcess } from "./support/servers";

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

  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const mail = await startMailCatcher();
  const database = await createRunDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vn-e2e-"));

  const api = await startProcess("API", path.join(repoRoot, "node_modules/.bin/tsx"), ["src/server.ts"], {
    cwd: path.join(repoRoot, "apps/api"),
    env: {
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(apiPort),
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      WEB_ORIGIN: webUrl,
      API_ORIGIN: apiUrl,
      LOG_LEVEL: "info",
      LOG_REQUESTS: "false",
      // The suite signs in many times from one address.
      RATE_LIMIT_PER_MINUTE: "5000",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      EMAIL_CHECK_RATE_LIMIT_PER_MINUTE: "1000",
      SMTP_URL: mail.smtpUrl,
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    ready: (line) => line.includes("Server listening at"),
  }).catch(async (error) => {
    await database?.drop();
    await mail.stop();
    throw error;
  });
  const web = await startProcess(
    "web",
    process.execPath,
    [
      path.join(repoRoot, "node_modules/next/dist/bin/next"),
      "start",
      "--port",
      String(webPort),
      "--hostname",
      "127.0.0.1",
    ],
    {
      cwd: path.join(repoRoot, "apps/web"),
      env: { NODE_ENV: "production", API_ORIGIN: apiUrl, NEXT_TELEMETRY_DISABLED: "1" },
      ready: (line) => /Ready in|started server/i.test(line),
    },
  );

  project.provide("webUrl", webUrl);
  project.provide("apiUrl", apiUrl);
  project.provide("mailUrl", mail.mailUrl);

  return async () => {
    await web.stop();
    await api.stop();
    await mail.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
