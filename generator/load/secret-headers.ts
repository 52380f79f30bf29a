import { z } from "zod";
import { SECRET_HEADERS_ENV } from "../../contract/generator-step.ts";
import { GeneratorInputError } from "./read-step-config.ts";

const Headers = z.record(
  z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/),
  z.string().regex(/^[^\r\n\0]*$/),
);

/**
 * The headers sent with every request of the step (calibrate's --header and --token-command); {} on loopback.
 * A malformed value is refused without echoing it: it may be a secret.
 */
export function secretHeaders(env: Record<string, string | undefined> = process.env): Record<string, string> {
  const raw = env[SECRET_HEADERS_ENV];
  if (raw === undefined || raw === "") return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new GeneratorInputError(`${SECRET_HEADERS_ENV} is not JSON (its value is not shown)`);
  }
  const parsed = Headers.safeParse(json);
  if (!parsed.success)
    throw new GeneratorInputError(
      `${SECRET_HEADERS_ENV}: expected an object of header names to one-line values (not shown)`,
    );
  return parsed.data;
}
