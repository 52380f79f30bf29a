/** Our generator's defaults, in one place. */
export const GENERATOR_NAME = "bun-generator";
/** Where generator/ lands in its image (generator/Dockerfile: WORKDIR /app). */
export const IMAGE_APP_DIR = "/app";
export const IMAGE_MAIN = `${IMAGE_APP_DIR}/generator/main.ts`;
export const IMAGE_READINESS = `${IMAGE_APP_DIR}/generator/readiness.ts`;
/** The generator's own send lag may take at most this share of the SLO before a step is the generator's. */
export const MAX_SEND_LAG_SLO_SHARE = 0.1;
/** Above this share of the request cycle, the generator's turnaround (response to next send) is in series with the service. */
export const MAX_TURNAROUND_CYCLE_SHARE = 0.25;
/** At this share of its worker threads' cores busy during a step, the generator had no spare CPU. */
export const GENERATOR_BUSY_SHARE = 0.85;
