"use client";

import dynamic from "next/dynamic";

/** A message's report form (ChatReportDialog), loaded when it is first opened: the messenger's
 * first load then carries neither its schema nor zod and react-hook-form. Render it while open. */
export const LazyChatReportDialog = dynamic(
  () => import("./ChatReportDialog").then((module) => module.ChatReportDialog),
  { ssr: false },
);
