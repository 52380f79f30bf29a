import { z } from "zod";

/** A delivery frame of the service's subscriber socket (service/ws/socket-session.ts); other frames are ignored. */
export const MessagesFrame = z.looseObject({
  type: z.literal("messages"),
  messages: z.array(z.looseObject({ id: z.string() })),
});

/** The message ids of a delivery frame, or null for any other frame. */
export function deliveredIds(data: unknown): string[] | null {
  let json: unknown;
  try {
    json = JSON.parse(String(data));
  } catch {
    return null;
  }
  const frame = MessagesFrame.safeParse(json);
  return frame.success ? frame.data.messages.map((m) => m.id) : null;
}
