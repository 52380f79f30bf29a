import { z } from "zod";

const Answer = z.object({ messageIds: z.array(z.string()).min(1) });

/**
 * POSTs one message to `topic` (bounded by timeoutMs): its message id, or null when the publish failed (a network
 * error, a timeout, a status other than 200 or an answer without an id).
 */
export async function publishOne(
  baseUrl: string,
  topic: string,
  body: string,
  timeoutMs: number,
): Promise<string | null> {
  try {
    const response = await fetch(`${baseUrl}/topics/${encodeURIComponent(topic)}/publish`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (response.status !== 200) return null;
    const answer = Answer.safeParse(JSON.parse(text));
    return answer.success ? (answer.data.messageIds[0] as string) : null;
  } catch {
    return null;
  }
}
