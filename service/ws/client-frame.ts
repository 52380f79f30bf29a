import { z } from "zod";

/** What a subscriber sends: message ids to ack and/or nack (nack = redeliver now). */
export const clientFrameSchema = z
  .strictObject({
    ack: z.array(z.string()).optional(),
    nack: z.array(z.string()).optional(),
  })
  .refine((frame) => frame.ack !== undefined || frame.nack !== undefined, {
    message: 'A frame needs "ack" and/or "nack": {"ack": ["<message id>", ...]}',
  });

export type ClientFrame = z.infer<typeof clientFrameSchema>;
