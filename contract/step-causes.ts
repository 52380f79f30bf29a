import { z } from "zod";

const count = z.number().int().nonnegative();

/** Why an operation failed without an unexpected status; `other` is a failure with no cause named. */
export const ERROR_CAUSES = [
  "timeout",
  "reset",
  "refused",
  "closedBeforeResponse",
  "protocolError",
  "headTooLarge",
  "bodyTooLarge",
  "other",
] as const;
export const ErrorCause = z.enum(ERROR_CAUSES);
export type ErrorCause = z.infer<typeof ErrorCause>;

/** What each cause is called in reports (counted: "37 timeouts"). */
const CAUSE_TEXT: Record<ErrorCause, [one: string, many: string]> = {
  timeout: ["timeout", "timeouts"],
  reset: ["reset", "resets"],
  refused: ["refused connection", "refused connections"],
  closedBeforeResponse: ["close before a response", "closes before a response"],
  protocolError: ["protocol error", "protocol errors"],
  headTooLarge: ["head over 64 KiB", "heads over 64 KiB"],
  bodyTooLarge: ["body over 1 MiB", "bodies over 1 MiB"],
  other: ["other failure", "other failures"],
};

/**
 * A step's operations by how they ended: answers by status class (expected or not), failures by cause (an
 * unexpected status by its code), and requests retried once on a new connection (not failures). Every failed or
 * lost operation is counted once: `errors` + lost = the failure causes and failedStatuses summed.
 */
export const StepCauses = z
  .object({
    status2xx: count,
    status3xx: count,
    status4xx: count,
    status5xx: count,
    /** Answers whose status the request did not expect (failures), by status code. */
    failedStatuses: z.record(z.string().regex(/^[1-9]\d\d$/), count),
    ...(Object.fromEntries(ERROR_CAUSES.map((cause) => [cause, count])) as Record<ErrorCause, typeof count>),
    /** Sent again on a new connection after a reused one closed before any response byte (idempotent methods). */
    retried: count,
  })
  .strict();
export type StepCauses = z.infer<typeof StepCauses>;

/** A step with nothing counted yet. */
export function emptyCauses(): StepCauses {
  const causes = { status2xx: 0, status3xx: 0, status4xx: 0, status5xx: 0, failedStatuses: {}, retried: 0 };
  return {
    ...causes,
    ...(Object.fromEntries(ERROR_CAUSES.map((c) => [c, 0])) as Record<ErrorCause, number>),
  };
}

/** Adds b's counts into a (a step's workers, a cell's steps). */
export function addCauses(a: StepCauses, b: StepCauses): StepCauses {
  const sum = emptyCauses();
  for (const key of ["status2xx", "status3xx", "status4xx", "status5xx", "retried", ...ERROR_CAUSES] as const)
    sum[key] = a[key] + b[key];
  for (const source of [a.failedStatuses, b.failedStatuses])
    for (const [status, n] of Object.entries(source))
      sum.failedStatuses[status] = (sum.failedStatuses[status] ?? 0) + n;
  return sum;
}

/** The largest failure causes, most first, as text: "37 timeouts, 12 × 503"; "" when nothing failed. */
export function topCausesText(causes: StepCauses, most = 3): string {
  const all: Array<[number, string]> = [];
  for (const cause of ERROR_CAUSES) {
    const n = causes[cause];
    if (n > 0) all.push([n, `${n.toLocaleString("en-US")} ${CAUSE_TEXT[cause][n === 1 ? 0 : 1]}`]);
  }
  for (const [status, n] of Object.entries(causes.failedStatuses))
    if (n > 0) all.push([n, `${n.toLocaleString("en-US")} × ${status}`]);
  return all
    .sort((x, y) => y[0] - x[0])
    .slice(0, most)
    .map(([, text]) => text)
    .join(", ");
}
