import { z } from "zod";

/** Query of GET /subscriptions/:sub (the WebSocket upgrade). */
export const subscribeQuerySchema = z.strictObject({
  /** Per-socket unacked limit, overriding the service default (a slow worker takes fewer). */
  maxOutstanding: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** With auto-create on: the topic a missing subscription is created on. */
  topic: z.string().min(1).optional(),
});
