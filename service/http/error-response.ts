import { PubSubError, type PubSubErrorCode } from "../../engine/index.ts";
import { RETRY_AFTER_SECONDS } from "../service-defaults.ts";

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

/** A JSON response with the given status (and extra headers). */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** 400 with a message that says what was wrong and where. */
export function badRequest(message: string): Response {
  return jsonResponse(400, { error: { code: "INVALID_ARGUMENT", message } });
}

/** The request body as JSON, or a 400 response saying why it is not. */
export async function readJsonBody(request: Request): Promise<{ ok: true; value: unknown } | Response> {
  const text = await request.text();
  if (text.trim() === "") return badRequest("The request body is empty; send a JSON object.");
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return badRequest(`The request body is not valid JSON: ${(error as Error).message}`);
  }
}
