/** One malformed `--traffic` CSV: its text (null: the file does not exist) and what the error must name. */
export interface TrafficCase {
  name: string;
  text: string | null;
  mentions: string[];
}

const HEADER = "time,perSec\n";
// 20,000 per-minute rows from one midnight: the 10,081st (line 10,082 after the header) is one too many.
const tooMany = () =>
  HEADER +
  Array.from({ length: 20_000 }, (_, i) => {
    const day = 1 + Math.floor(i / 1440);
    const hh = String(Math.floor((i % 1440) / 60)).padStart(2, "0");
    const mm = String(i % 60).padStart(2, "0");
    return `2026-11-${String(day).padStart(2, "0")} ${hh}:${mm},100\n`;
  }).join("");

/** Malformed traffic profiles for `report RUN --traffic FILE.csv`: each must exit 2 naming the file, line and field. */
export function trafficCases(): TrafficCase[] {
  return [
    {
      name: "times out of order",
      text: `${HEADER}00:00,1\n02:00,2\n01:00,3\n`,
      mentions: ["line 4", "time", "01:00"],
    },
    { name: "a time twice", text: `${HEADER}00:00,1\n00:00,2\n`, mentions: ["line 3", "not after"] },
    { name: "a negative rate", text: `${HEADER}00:00,1\n01:00,-5\n`, mentions: ["line 3", "perSec", "-5"] },
    {
      name: "a rate that is not a number",
      text: `${HEADER}00:00,abc\n`,
      mentions: ["line 2", "perSec", "abc"],
    },
    { name: "an exponent rate", text: `${HEADER}00:00,1e5\n`, mentions: ["line 2", "perSec", "1e5"] },
    { name: "20,000 rows", text: tooMany(), mentions: ["line 10082", "10,080 rows"] },
    { name: "a wrong header", text: "when,rate\n00:00,1\n", mentions: ["line 1", "time,perSec"] },
    { name: "hour 24", text: `${HEADER}24:00,1\n`, mentions: ["line 2", "time", "24:00"] },
    { name: "three fields", text: `${HEADER}00:00,1,2\n`, mentions: ["line 2", "2 fields"] },
    { name: "an empty file", text: "", mentions: ["no header"] },
    { name: "only comments", text: "# nothing\n", mentions: ["no header"] },
    { name: "a header and no rows", text: HEADER, mentions: ["no rows"] },
    {
      name: "clock and dated times mixed",
      text: `${HEADER}2026-11-02 00:00,1\n05:00,2\n`,
      mentions: ["line 3", "mixes"],
    },
    {
      name: "more than 7 days",
      text: `${HEADER}2026-11-01 00:00,1\n2026-11-09 00:00,2\n`,
      mentions: ["line 3", "7 days"],
    },
    { name: "a file that does not exist", text: null, mentions: ["cannot be read"] },
  ];
}
