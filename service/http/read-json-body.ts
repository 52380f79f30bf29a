import { badRequest } from "./bad-request.ts";

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
