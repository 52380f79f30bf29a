import { z } from "zod";

/** PUT /admin/subscriptions/:sub body; unset fields take the service's defaults. */
export const subscriptionBodySchema = z.strictObject({
  topic: z.string().min(1),
  ackDeadlineSeconds: z.number().int().min(10).max(600).optional(),
  maxBacklogMessages: z.number().int().min(1).optional(),
  maxBacklogBytes: z.number().int().min(1).optional(),
  enableMessageOrdering: z.boolean().optional(),
  filter: z.string().optional(),
});

export type SubscriptionBody = z.infer<typeof subscriptionBodySchema>;
