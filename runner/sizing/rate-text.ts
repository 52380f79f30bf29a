/** A rate for a sentence, in the unit its cells count ("/s" alone when the sizing carries none: older files). */
export const rateText = (perSec: number, unit: string | undefined) =>
  `${Math.round(perSec).toLocaleString("en-US")}${unit ? ` ${unit}` : "/s"}`;
