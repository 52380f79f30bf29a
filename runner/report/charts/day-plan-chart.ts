import type { DayPlan } from "../../sizing/day-plan/day-plan-schema.ts";
import { chartStyle } from "./chart-style.ts";

/** "09:00" within a day, "d2 09:00" beyond the first. */
const clock = (minute: number) => {
  const day = Math.floor(minute / 1440);
  const hh = String(Math.floor((minute % 1440) / 60)).padStart(2, "0");
  const mm = String(minute % 60).padStart(2, "0");
  return `${day > 0 ? `d${day + 1} ` : ""}${hh}:${mm}`;
};

/** Demand, ready capacity (left axis) and running instances (right axis) over the profile, for the recommendation. */
export function dayPlanChart(plan: DayPlan): Record<string, unknown> | null {
  const t = plan.timeline;
  if (!t || t.demandPerSec.length === 0) return null;
  const labels = t.demandPerSec.map((_, i) => clock(i * t.stepMinutes));
  const line = (label: string, data: number[], color: string, extra: Record<string, unknown> = {}) => ({
    label,
    data,
    borderColor: color,
    backgroundColor: color,
    pointRadius: 0,
    borderWidth: 1.5,
    ...extra,
  });
  return {
    type: "line",
    data: {
      labels,
      datasets: [
        line("demand (requests/s)", t.demandPerSec, chartStyle.color(0)),
        line("ready capacity (requests/s)", t.readyCapacityPerSec, chartStyle.color(2), {
          borderDash: [6, 3],
        }),
        line("instances (right axis)", t.instances, chartStyle.color(1), { yAxisID: "y1", stepped: true }),
      ],
    },
    options: {
      scales: {
        x: chartStyle.axis("time of day", {
          ticks: { maxTicksLimit: 24 },
        }),
        y: chartStyle.axis("requests/s", { beginAtZero: true }),
        y1: chartStyle.axis(`instances (${t.size}, min ${t.minInstances})`, {
          position: "right",
          beginAtZero: true,
          grid: { drawOnChartArea: false },
        }),
      },
    },
  };
}

export const DAY_PLAN_CHART_CAPTION =
  "The recommended size over the profile: demand, ready capacity (ready instances × planning ceiling; it dips while a scale-up starts) and running instances, idle ones included.";
