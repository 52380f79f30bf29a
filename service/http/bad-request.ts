import { jsonResponse } from "./json-response.ts";

/** 400 with a message that says what was wrong and where. */
export function badRequest(message: string): Response {
  return jsonResponse(400, { error: { code: "INVALID_ARGUMENT", message } });
}
