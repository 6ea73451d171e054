import { DASHBOARD_DAYS, format } from "@vn/contract";
import { serverMessages } from "@vn/contract/messages/server";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DashboardCharts } from "@/features/backoffice/DashboardCharts";
import { serverGet } from "@/features/content/server-api";
import { api } from "@/lib/api-client";

export const metadata: Metadata = { title: serverMessages.adminDashboardTitle, robots: { index: false } };

/**
 * The back-office's dashboard (issue 16, item 5): the numbers are computed by the API in SQL and
 * read here with the visitor's session; the charts draw on the client from a chunk of their own.
 */
export default async function AdminDashboardPage() {
  const result = await serverGet(api.backoffice.dashboard);
  // Not staff (or signed out): the back-office does not exist for them.
  if (result.status === 404 || result.status === 401 || result.status === 403) notFound();
  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold text-ink">{serverMessages.adminDashboardTitle}</h1>
        <p className="mt-1 text-ink-muted">
          {format(serverMessages.adminDashboardIntro, { days: DASHBOARD_DAYS })}
        </p>
      </header>
      {result.data ? (
        <DashboardCharts data={result.data} />
      ) : (
        <p role="alert" className="text-danger">
          {serverMessages.adminDashboardFailed}
        </p>
      )}
    </div>
  );
}
