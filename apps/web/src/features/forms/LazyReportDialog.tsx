"use client";

import dynamic from "next/dynamic";

/**
 * The report form (ReportDialog), loaded when it is first opened: the pages that offer a report
 * (profiles, publications, comments) then carry neither its schema nor zod and react-hook-form
 * for it in their first load. Render it while open only, as its callers do.
 */
export const LazyReportDialog = dynamic(
  () => import("./ReportDialog").then((module) => module.ReportDialog),
  {
    ssr: false,
  },
);
