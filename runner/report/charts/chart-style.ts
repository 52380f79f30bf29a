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
};
