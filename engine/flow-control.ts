/** Subscriber-side limits of one handle (client `flowControl`). */
export interface SubscriberFlowLimits {
  maxMessages: number;
  maxBytes: number;
  allowExcessMessages: boolean;
}

/** Publisher-side limits of one topic handle (client `flowControlOptions`). */
export interface PublisherFlowLimits {
  maxOutstandingMessages: number;
  maxOutstandingBytes: number;
}

/**
 * May a message of `size` bytes be delivered to a holder with these counts? A single message larger than
 * maxBytes is still delivered when nothing is outstanding, otherwise the subscription would stall forever.
 * allowExcessMessages emulates one extra streaming-pull response: up to twice the limits.
 */
export function subscriberHasCapacity(
  outstandingMessages: number,
  outstandingBytes: number,
  size: number,
  limits: SubscriberFlowLimits,
): boolean {
  const factor = limits.allowExcessMessages ? 2 : 1;
  if (outstandingMessages >= limits.maxMessages * factor) return false;
  return outstandingMessages === 0 || outstandingBytes + size <= limits.maxBytes * factor;
}

/** Must a publish of `size` bytes wait? An oversized single message passes when nothing is outstanding. */
export function publisherMustWait(
  outstandingMessages: number,
  outstandingBytes: number,
  size: number,
  limits: PublisherFlowLimits,
): boolean {
  if (outstandingMessages >= limits.maxOutstandingMessages) return true;
  return outstandingMessages > 0 && outstandingBytes + size > limits.maxOutstandingBytes;
}

/** Does a subscription backlog with these counts have room for one more message of `size` bytes? */
export function backlogHasRoom(
  backlogMessages: number,
  backlogBytes: number,
  size: number,
  maxMessages: number,
  maxBytes: number,
): boolean {
  if (backlogMessages >= maxMessages) return false;
  return backlogMessages === 0 || backlogBytes + size <= maxBytes;
}
