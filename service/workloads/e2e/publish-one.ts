import { z } from "zod";
import type { Http1Client, Http1Request } from "../../../generator/api/http/http1-client.ts";

const Answer = z.object({ messageIds: z.array(z.string()).min(1) });

/**
 * Sends one prepared publish of a single message (bounded by the client's timeout): its message id, or null when
 * the publish failed (a network error, a timeout, a status other than 200 or an answer without an id).
 */
export async function publishOne(client: Http1Client, request: Http1Request): Promise<string | null> {
  const answer = await client.request(request, true);
  if (answer.status !== 200 || answer.body === null) return null;
  try {
    const parsed = Answer.safeParse(JSON.parse(answer.body.toString("utf8")));
    return parsed.success ? (parsed.data.messageIds[0] as string) : null;
  } catch {
    return null;
  }
}
