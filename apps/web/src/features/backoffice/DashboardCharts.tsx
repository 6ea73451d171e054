"use client";

import type { Dashboard } from "@vn/contract";
import { backofficeMessages } from "@vn/contract/messages/backoffice";
import { type ReactNode, useMemo } from "react";
import { formatDay, humanize, seriesColours } from "./labels";
import { TimeChart, type TimeSeries } from "./TimeChart";

/** Long rows (day, key, count) → one series per key, a value for every day. */
function pivot<Row extends { day: string; count: number }>(
  days: string[],
  rows: Row[],
  keyOf: (row: Row) => string,
): TimeSeries[] {
  const keys = [...new Set(rows.map(keyOf))].sort();
  const index = new Map(days.map((day, i) => [day, i]));
  return keys.map((key, i) => {
    const values: Array<number | null> = days.map(() => 0);
    for (const row of rows) {
      const at = index.get(row.day);
      if (keyOf(row) === key && at !== undefined) values[at] = (values[at] ?? 0) + row.count;
    }
    return { label: humanize(key), colour: seriesColours[i % seriesColours.length]!, values };
  });
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-card bg-surface p-4 shadow-card md:p-5">
      <h2 id={id} className="mb-3 text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The numbers behind a chart, for screen readers and for anyone who wants them exact. */
function NumbersTable({ caption, days, series }: { caption: string; days: string[]; series: TimeSeries[] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="inline-flex min-h-10 cursor-pointer items-center font-semibold text-brand">
        {backofficeMessages.chartShowTable}
      </summary>
      <div className="mt-2 max-h-72 overflow-auto">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className="border-b border-line px-2 py-1">
                {backofficeMessages.chartDay}
              </th>
              {series.map((entry) => (
                <th key={entry.label} scope="col" className="border-b border-line px-2 py-1 text-right">
                  {entry.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => (
              <tr key={day}>
                <th scope="row" className="px-2 py-1 font-normal whitespace-nowrap">
                  {formatDay(day)}
                </th>
                {series.map((entry) => (
                  <td key={entry.label} className="px-2 py-1 text-right tabular-nums">
                    {entry.values[i] ?? "—"}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function DailyChart({
  id,
  title,
  days,
  series,
  bars,
}: {
  id: string;
  title: string;
  days: string[];
  series: TimeSeries[];
  bars?: boolean;
}) {
  const empty = series.every((entry) => entry.values.every((value) => !value));
  return (
    <Panel id={id} title={title}>
      {empty ? (
        <p className="text-sm text-ink-muted">{backofficeMessages.chartNoData}</p>
      ) : (
        <>
          <TimeChart days={days} series={series} bars={bars} />
          <NumbersTable caption={title} days={days} series={series} />
        </>
      )}
    </Panel>
  );
}

/** The dashboard's charts (issue 16, item 5), from the numbers the API computed. */
export function DashboardCharts({ data }: { data: Dashboard }) {
  const { days } = data;
  const reports = useMemo(
    () => pivot(days, data.reportsByReason, (row) => row.reason),
    [days, data.reportsByReason],
  );
  const verifications = useMemo(
    () => pivot(days, data.verifications, (row) => `${row.kind} ${row.outcome}`),
    [days, data.verifications],
  );
  const signUps = useMemo(
    () =>
      pivot(
        days,
        data.signUps.map((row) => ({ ...row, key: "sign_ups" })),
        () => backofficeMessages.chartSignUps,
      ),
    [days, data.signUps],
  );
  const firstAction = useMemo<TimeSeries[]>(() => {
    const byDay = new Map(data.firstAction.map((row) => [row.day, row]));
    return [
      {
        label: backofficeMessages.chartMedianMinutes,
        colour: seriesColours[0]!,
        values: days.map((day) => byDay.get(day)?.medianMinutes ?? null),
      },
    ];
  }, [days, data.firstAction]);
  const subjects = useMemo(() => {
    const byDay = new Map(data.firstAction.map((row) => [row.day, row.subjects]));
    return {
      label: backofficeMessages.chartFirstActionSubjects,
      colour: seriesColours[1]!,
      values: days.map((day) => byDay.get(day) ?? 0),
    };
  }, [days, data.firstAction]);
  const subscriptionMax = Math.max(1, ...data.activeSubscriptions.map((row) => row.count));

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <DailyChart
        id="chart-reports"
        title={backofficeMessages.chartReportsByReason}
        days={days}
        series={reports}
      />
      <Panel id="chart-first-action" title={backofficeMessages.chartFirstAction}>
        {firstAction[0]!.values.every((value) => value === null) ? (
          <p className="text-sm text-ink-muted">{backofficeMessages.chartNoData}</p>
        ) : (
          <>
            <TimeChart days={days} series={firstAction} />
            <NumbersTable
              caption={backofficeMessages.chartFirstAction}
              days={days}
              series={[...firstAction, subjects]}
            />
          </>
        )}
      </Panel>
      <DailyChart
        id="chart-verifications"
        title={backofficeMessages.chartVerifications}
        days={days}
        series={verifications}
      />
      <DailyChart
        id="chart-sign-ups"
        title={backofficeMessages.chartSignUps}
        days={days}
        series={signUps}
        bars
      />
      <Panel id="chart-subscriptions" title={backofficeMessages.chartSubscriptions}>
        {data.activeSubscriptions.length === 0 ? (
          <p className="text-sm text-ink-muted">{backofficeMessages.chartNoData}</p>
        ) : (
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{backofficeMessages.chartSubscriptions}</caption>
            <thead>
              <tr>
                <th scope="col" className="px-2 py-1">
                  {backofficeMessages.chartPlan}
                </th>
                <th scope="col" className="w-1/2 px-2 py-1">
                  {backofficeMessages.chartCount}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.activeSubscriptions.map((row) => (
                <tr key={`${row.ownerType}-${row.tier}`}>
                  <th scope="row" className="px-2 py-1.5 font-normal">
                    {humanize(`${row.ownerType === "company" ? "business" : "personal"} ${row.tier}`)}
                  </th>
                  <td className="px-2 py-1.5">
                    <span className="flex items-center gap-2">
                      <span
                        aria-hidden="true"
                        className="h-3 rounded-sm bg-brand"
                        style={{ width: `${Math.max(4, (row.count / subscriptionMax) * 100)}%` }}
                      />
                      <span className="tabular-nums">{row.count}</span>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
    </div>
  );
}
