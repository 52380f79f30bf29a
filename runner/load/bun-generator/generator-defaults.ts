/** Our generator's defaults, in one place. */
export const GENERATOR_NAME = "bun-generator";
/** Where generator/ lands in its image (generator/Dockerfile: WORKDIR /app). */
export const IMAGE_APP_DIR = "/app";
export const IMAGE_MAIN = `${IMAGE_APP_DIR}/generator/main.ts`;
export const IMAGE_READINESS = `${IMAGE_APP_DIR}/generator/readiness.ts`;
