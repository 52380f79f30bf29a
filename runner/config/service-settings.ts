import { z } from "zod";
import { CLOUD_RUN_LIMITS } from "../cloudrun/cloud-run-limits.ts";
import { EnvName, ImageRef, mappingError, PositiveSeconds, ScenarioName } from "./field-schemas.ts";
import { MAX_LIST_ITEMS, MAX_SIDECARS } from "./input-limits.ts";
import { strictObject } from "./strict-object.ts";

/** Server mode's part of matrix.yaml: the `service:` block and each scenario's request spec. */

const Argv = z
  .array(z.string({ error: "expected a string" }), { error: "expected a list of strings" })
  .min(1, "expected at least one item");
const Env = z.record(EnvName, z.string({ error: "expected a string" }), mappingError("NAME: value"));
const ImageBuild = strictObject({
  context: z.string().min(1, "expected a directory").optional(),
  dockerfile: z.string().min(1, "expected a file name").optional(),
  args: z.record(z.string(), z.string(), mappingError("NAME: value")).optional(),
});

export const Port = z
  .number({ error: "expected a TCP port number like 8080" })
  .int("expected a whole port number")
  .min(1, "a port is 1..65535")
  .max(65535, "a port is 1..65535");

const { minConcurrency: MIN_CONCURRENCY, maxConcurrency: MAX_CONCURRENCY } = CLOUD_RUN_LIMITS;
export const Concurrency = z
  .number({
    error: `expected Cloud Run's --concurrency, a whole number ${MIN_CONCURRENCY}..${MAX_CONCURRENCY}`,
  })
  .int(`expected a whole number ${MIN_CONCURRENCY}..${MAX_CONCURRENCY}`)
  .min(MIN_CONCURRENCY, `Cloud Run's --concurrency is ${MIN_CONCURRENCY}..${MAX_CONCURRENCY}`)
  .max(MAX_CONCURRENCY, `Cloud Run's --concurrency is ${MIN_CONCURRENCY}..${MAX_CONCURRENCY}`);

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
const Method = z.enum(METHODS, { error: `expected an HTTP method: ${METHODS.join(", ")}` });
const Path = z
  .string({ error: "expected a path like /api/items" })
  .regex(/^\/[^\s]*$/, "expected a path starting with / and without spaces, like /api/items?id=1");
const HeaderName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, "expected an HTTP header name");
/** A body is a string, or a mapping/list sent as JSON. */
const Body = z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())], {
  error: "expected a string, or a mapping or list (sent as JSON)",
});

const Status = z
  .number({ error: "expected an HTTP status like 200" })
  .int("expected a whole HTTP status like 200")
  .min(100, "an HTTP status is 100..599")
  .max(599, "an HTTP status is 100..599");
/** The statuses that count as success (absent: 200–399). */
const Expect = strictObject({
  status: z
    .array(Status, { error: "expected a list of HTTP statuses like [200, 304]" })
    .min(1, "expected at least one status")
    .max(100, "expected at most 100 statuses"),
});

const requestShape = {
  method: Method.optional(),
  path: Path,
  headers: z
    .record(HeaderName, z.string({ error: "expected a string" }), mappingError("Name: value"))
    .optional(),
  body: Body.optional(),
  expect: Expect.optional(),
};
export const RequestSettings = strictObject(requestShape);
export type RequestSettings = z.output<typeof RequestSettings>;

export const WeightedRequest = strictObject({
  weight: z.number({ error: "expected a weight > 0" }).finite().positive("a weight must be more than 0"),
  ...requestShape,
});

export const RequestMix = z
  .array(WeightedRequest, { error: "expected a list of {weight, method, path, headers, body, expect}" })
  .min(1, "expected at least one request")
  .max(MAX_LIST_ITEMS, `expected at most ${MAX_LIST_ITEMS} requests`);

const SidecarName = ScenarioName.describe("sidecar name");

export const SidecarSettings = strictObject({
  name: SidecarName,
  image: ImageRef.optional(),
  build: ImageBuild.optional(),
  command: Argv.optional(),
  env: Env.optional(),
  readyCommand: Argv.optional(),
});

export const ServiceSettings = strictObject({
  image: ImageRef.optional(),
  build: ImageBuild.optional(),
  port: Port,
  readyPath: Path.optional(),
  readyTimeoutSeconds: PositiveSeconds.optional(),
  concurrencySearch: z
    .boolean({ error: "expected true or false" })
    .optional()
    .describe(
      "when the concurrency cap set a ceiling, search it again at doubled concurrency (default true)",
    ),
  env: Env.optional(),
  command: Argv.optional(),
  sidecars: z
    .array(SidecarSettings, { error: "expected a list of sidecars" })
    .max(MAX_SIDECARS, `expected at most ${MAX_SIDECARS} sidecars`)
    .optional(),
});
export type ServiceSettings = z.output<typeof ServiceSettings>;
