/** Colours and axis titles shared by the report's charts. */
const PALETTE = [
  "#2563eb",
  "#dc2626",
  "#16a34a",
  "#9333ea",
  "#ea580c",
  "#0891b2",
  "#ca8a04",
  "#db2777",
  "#4b5563",
];

export const chartStyle = {
  color: (i: number) => PALETTE[i % PALETTE.length] as string,
  axis: (title: string, extra: Record<string, unknown> = {}) => ({
    title: { display: true, text: title },
    ...extra,
  }),
  /** A dashed line between two points that marks a bound (an SLO, the end of production), not data. */
  referenceLine: (label: string, from: Point, to: Point, color: string) => ({
    label,
    data: [from, to],
    borderColor: color,
    borderDash: [8, 4],
    pointRadius: 0,
    showLine: true,
  }),
};

type Point = { x: number; y: number };
