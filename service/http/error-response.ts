import { PubSubError, type PubSubErrorCode } from "../../engine/index.ts";
import { RETRY_AFTER_SECONDS } from "../service-defaults.ts";
import { jsonResponse } from "./json-response.ts";

/** gRPC status → HTTP status, as Google's APIs map them. */
const HTTP_STATUS: Record<PubSubErrorCode, number> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  RESOURCE_EXHAUSTED: 429,
};

/** Any error → a JSON error body `{error: {code, message}}`; never a stack trace. */
export function errorResponse(error: unknown, extra: Record<string, unknown> = {}): Response {
  if (error instanceof PubSubError) {
    const status = HTTP_STATUS[error.code];
    const headers: Record<string, string> =
      status === 429 ? { "retry-after": String(RETRY_AFTER_SECONDS) } : {};
    return jsonResponse(status, { error: { code: error.code, message: error.message }, ...extra }, headers);
  }
  const message = error instanceof Error ? error.message : String(error);
  return jsonResponse(500, { error: { code: "INTERNAL", message }, ...extra });
}
