import type { ChartSpec } from "./chart-specs.ts";
import { esc } from "./html-escape.ts";

/** A chart's frame in report.html: title, canvas (drawn by the page's Chart.js boot script), caption. */
export const chartFigure = (spec: ChartSpec) =>
  `<figure${spec.wide ? ' class="wide"' : ""}><h3>${esc(spec.title)}</h3><div class="chart"><canvas id="${spec.id}" data-chart></canvas></div><figcaption>${esc(spec.caption)}</figcaption></figure>`;
