import { z } from "zod";
import { MAX_TARGET_PER_SEC } from "../cloudrun/cloud-run-limits.ts";

/**
 * A day's (up to a week's) traffic: points of request rate in time, linear between them, repeating after its period
 * (a one-day profile wraps midnight). From `cloudRun.day` in matrix.yaml or a `time,perSec` CSV (`--traffic`).
 */
export const MINUTES_PER_DAY = 1440;
export const MAX_PROFILE_DAYS = 7;
/** At most one row a minute for 7 days. */
export const MAX_TRAFFIC_ROWS = MAX_PROFILE_DAYS * MINUTES_PER_DAY;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATED = /^(\d{4})-(\d{2})-(\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)$/;
const RATE = /^\d{1,12}(\.\d{1,12})?$/;

const clockMinutes = (text: string) => {
  const [, h, m] = CLOCK.exec(text) ?? [];
  return Number(h) * 60 + Number(m);
};

const perSec = z
  .number()
  .nonnegative("expected a rate ≥ 0 requests per second")
  .max(MAX_TARGET_PER_SEC, `expected at most ${MAX_TARGET_PER_SEC.toLocaleString("en-US")} per second`);

/** One point of `cloudRun.day`. */
export const DayPoint = z
  .object({
    at: z.string().regex(CLOCK, 'expected a time of day "HH:MM" from 00:00 to 23:59'),
    perSec,
  })
  .strict();
export type DayPoint = z.infer<typeof DayPoint>;

/** `cloudRun.day`: points in time order within one day. */
export const DaySchedule = z
  .array(DayPoint)
  .min(1)
  .max(MINUTES_PER_DAY)
  .superRefine((points, ctx) => {
    for (let i = 1; i < points.length; i++) {
      const [prev, at] = [points[i - 1]?.at ?? "", points[i]?.at ?? ""];
      if (CLOCK.test(prev) && CLOCK.test(at) && clockMinutes(at) <= clockMinutes(prev))
        ctx.addIssue({
          code: "custom",
          path: [i, "at"],
          message: `"${at}" is not after the point before it ("${prev}"): list the points in time order, each time once`,
        });
    }
  });

/** The profile the day plan runs on: one rate per minute over its period, which repeats. */
export interface TrafficProfile {
  /** "cloudRun.day" or the CSV's path. */
  source: string;
  days: number;
  /** Requests per second in each minute of the period (days × 1,440 entries). */
  perMinute: number[];
}

/** A CSV that cannot be used: names the file, the line and the field. Exit code 2. */
export class TrafficFileError extends Error {
  override readonly name = "TrafficFileError";
  constructor(
    readonly file: string,
    readonly line: number | null,
    problem: string,
    options?: ErrorOptions,
  ) {
    super(
      `${file}${line === null ? "" : `, line ${line}`}: ${problem}\n` +
        `Expected a header "time,perSec", then one row a minute or an hour: time "HH:MM" (one day) or ` +
        `"YYYY-MM-DD HH:MM" (up to ${MAX_PROFILE_DAYS} days), in order; perSec a rate ≥ 0; at most ` +
        `${MAX_TRAFFIC_ROWS.toLocaleString("en-US")} rows; lines starting with # are comments.`,
      options,
    );
  }
}

const CsvRow = z.object({
  time: z.string().refine((t) => CLOCK.test(t) || DATED.test(t), 'expected "HH:MM" or "YYYY-MM-DD HH:MM"'),
  perSec: z
    .string()
    .regex(RATE, "expected a plain decimal rate ≥ 0, like 120 or 0.5")
    .transform(Number)
    .pipe(perSec),
});

/** Minutes since the first row's midnight: clock times within one day, dated times across days. */
function offsetMinutes(time: string, firstDayMs: number | null): number {
  const dated = DATED.exec(time);
  if (!dated) return clockMinutes(time);
  const [, y, mo, d, h, mi] = dated.map(Number) as number[];
  const dayMs = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1);
  return Math.round((dayMs - (firstDayMs ?? dayMs)) / 60_000) + (h ?? 0) * 60 + (mi ?? 0);
}

/** Parses a `time,perSec` CSV's text; `file` names it in errors. */
export function parseTrafficCsv(text: string, file: string): TrafficProfile {
  const lines = text.split(/\r?\n/);
  const points: Array<{ minute: number; perSec: number }> = [];
  let header = false;
  let kind: "clock" | "dated" | null = null;
  let firstDayMs: number | null = null;
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    const content = raw.trim();
    if (content === "" || content.startsWith("#")) continue;
    const fields = content.split(",").map((f) => f.trim());
    if (!header) {
      if (fields.length !== 2 || fields[0]?.toLowerCase() !== "time" || fields[1]?.toLowerCase() !== "persec")
        throw new TrafficFileError(file, line, `expected the header "time,perSec", found "${content}"`);
      header = true;
      continue;
    }
    if (points.length >= MAX_TRAFFIC_ROWS)
      throw new TrafficFileError(
        file,
        line,
        `more than ${MAX_TRAFFIC_ROWS.toLocaleString("en-US")} rows (one a minute for ${MAX_PROFILE_DAYS} days)`,
      );
    if (fields.length !== 2)
      throw new TrafficFileError(file, line, `expected 2 fields (time,perSec), found ${fields.length}`);
    const parsed = CsvRow.safeParse({ time: fields[0], perSec: fields[1] });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? "time");
      const value = field === "perSec" ? fields[1] : fields[0];
      throw new TrafficFileError(file, line, `field ${field}, value "${value}": ${issue?.message}`);
    }
    const rowKind = DATED.test(parsed.data.time) ? "dated" : "clock";
    if (kind !== null && rowKind !== kind)
      throw new TrafficFileError(
        file,
        line,
        `field time, value "${parsed.data.time}": mixes clock and dated times`,
      );
    kind = rowKind;
    if (rowKind === "dated" && firstDayMs === null) firstDayMs = Date.UTC(...dayOf(parsed.data.time));
    const minute = offsetMinutes(parsed.data.time, firstDayMs);
    const previous = points.at(-1);
    if (previous !== undefined && minute <= previous.minute)
      throw new TrafficFileError(
        file,
        line,
        `field time, value "${parsed.data.time}": not after the row before it (times must be in order, each once)`,
      );
    if (minute >= MAX_TRAFFIC_ROWS)
      throw new TrafficFileError(
        file,
        line,
        `field time, value "${parsed.data.time}": more than ${MAX_PROFILE_DAYS} days after the first row's day`,
      );
    points.push({ minute, perSec: parsed.data.perSec });
  }
  if (!header) throw new TrafficFileError(file, null, 'empty: no header "time,perSec"');
  if (points.length === 0) throw new TrafficFileError(file, null, "no rows after the header");
  return expandProfile(points, file);
}

const dayOf = (time: string): [number, number, number] => {
  const [, y, m, d] = (DATED.exec(time) ?? []).map(Number) as number[];
  return [y ?? 0, (m ?? 1) - 1, d ?? 1];
};

/** Reads and parses a traffic CSV; an unreadable file is a TrafficFileError too. */
export async function readTrafficCsv(path: string): Promise<TrafficProfile> {
  let text: string;
  try {
    text = await Bun.file(path).text();
  } catch (error) {
    throw new TrafficFileError(path, null, "cannot be read (check the path)", { cause: error });
  }
  return parseTrafficCsv(text, path);
}

/** `cloudRun.day` (already validated) as a profile. */
export function dayProfile(points: readonly DayPoint[]): TrafficProfile {
  return expandProfile(
    points.map((p) => ({ minute: clockMinutes(p.at), perSec: p.perSec })),
    "cloudRun.day",
  );
}

/** Points in order → one rate per minute, linear between points and from the last back round to the first. */
export function expandProfile(points: ReadonlyArray<{ minute: number; perSec: number }>, source: string) {
  const days = Math.max(1, Math.ceil(((points.at(-1)?.minute ?? 0) + 1) / MINUTES_PER_DAY));
  const period = days * MINUTES_PER_DAY;
  const perMinute = new Array<number>(period);
  for (let i = 0; i < points.length; i++) {
    const from = points[i] as { minute: number; perSec: number };
    const next = points[(i + 1) % points.length] as { minute: number; perSec: number };
    const span = i + 1 < points.length ? next.minute - from.minute : next.minute + period - from.minute;
    for (let k = 0; k < span; k++)
      perMinute[(from.minute + k) % period] = from.perSec + ((next.perSec - from.perSec) * k) / span;
  }
  return { source, days, perMinute } satisfies TrafficProfile;
}
