import { readFileSync } from "node:fs";

/** The API's version, from its package.json (shown in health and the OpenAPI document). */
export const version: string = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;
