"use client";

import { backofficeMessages } from "@vn/contract/messages/backoffice";
import { useEffect, useRef, useState } from "react";
import "uplot/dist/uPlot.min.css";
import { formatDay } from "./labels";

export interface TimeSeries {
  label: string;
  colour: string;
  /** One value per day (null: no value that day, e.g. no median). */
  values: Array<number | null>;
}

export interface TimeChartProps {
  /** The days, oldest first (YYYY-MM-DD, UTC). */
  days: string[];
  series: TimeSeries[];
  /** Bars for counts of one series; lines otherwise. */
  bars?: boolean;
  height?: number;
}

/**
 * A chart of daily numbers, drawn by uPlot (docs/decisions/0022): the library is imported here,
 * when the chart mounts, so it is a chunk of the dashboard alone and public pages never load it.
 * The canvas is decoration for sighted readers; the same numbers are in the table beside it.
 */
export function TimeChart({ days, series, bars = false, height = 220 }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const node = box.current;
    if (!node) return;
    let disposed = false;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    void import("uplot").then(({ default: UPlot }) => {
      if (disposed) return;
      const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
      const width = Math.max(node.clientWidth, 240);
      plot = new UPlot(
        {
          width,
          height,
          legend: { show: series.length > 1, live: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
          axes: [
            {
              stroke: "#56687a",
              grid: { stroke: "#e8e8e8" },
              values: (_u, ticks) =>
                ticks.map((tick) => formatDay(new Date(tick * 1000).toISOString().slice(0, 10))),
            },
            { stroke: "#56687a", grid: { stroke: "#e8e8e8" }, size: 44 },
          ],
          series: [
            {
              value: (_u, tick) =>
                tick === null ? "" : formatDay(new Date(tick * 1000).toISOString().slice(0, 10)),
            },
            ...series.map((entry) => ({
              label: entry.label,
              stroke: entry.colour,
              width: 2,
              ...(bars
                ? {
                    fill: `${entry.colour}cc`,
                    paths: UPlot.paths.bars?.({ size: [0.7, 40] }),
                    points: { show: false },
                  }
                : { points: { show: true, size: 4 } }),
            })),
          ],
        },
        [xs, ...series.map((entry) => entry.values)],
        node,
      );
      setReady(true);
      observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(node.clientWidth, 240), height }));
      observer.observe(node);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [days, series, bars, height]);

  return (
    <div aria-hidden="true" className="relative min-h-[220px] w-full overflow-hidden">
      <div ref={box} className="w-full" />
      {ready ? null : (
        <p className="absolute inset-0 flex items-center justify-center text-sm text-ink-muted">
          {backofficeMessages.chartLoading}
        </p>
      )}
    </div>
  );
}
