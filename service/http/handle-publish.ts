import type { PublishInput } from "../../engine/index.ts";
import type { ServiceContext } from "../service-context.ts";
import { badRequest, errorResponse, jsonResponse, readJsonBody } from "./error-response.ts";
import { parsePublishBody } from "./publish-body.ts";
import { publishToTopic } from "./publish-to-topic.ts";
import { toPublishInput } from "./to-publish-input.ts";

/**
 * POST /topics/:topic/publish, one message or `{messages: [...]}`. Every message is checked before any is
 * committed; each commit is immediate (no batching delay). If the backlog fills mid-bulk, the 429 carries
 * the ids of the messages committed before it.
 */
export async function handlePublish(
  ctx: ServiceContext,
  topicName: string,
  request: Request,
): Promise<Response> {
  const body = await readJsonBody(request);
  if (body instanceof Response) return body;
  const parsed = parsePublishBody(body.value);
  if (!parsed.ok) return badRequest(parsed.message);
  const inputs: PublishInput[] = [];
  for (const [i, message] of parsed.messages.entries()) {
    const input = toPublishInput(message, i);
    if (typeof input === "string") return badRequest(input);
    inputs.push(input);
  }
  const result = await publishToTopic(ctx, topicName, inputs);
  if (result.error !== null)
    return errorResponse(result.error, result.ids.length > 0 ? { messageIds: result.ids } : {});
  return jsonResponse(200, { messageIds: result.ids });
}
