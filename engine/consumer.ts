import type { SubscriberFlowLimits } from "./flow-control.ts";
import type { LeaseHolder, Message } from "./message.ts";

/** An open subscriber handle as the subscription's dispatcher sees it (one streaming pull). */
export interface Consumer extends LeaseHolder {
  readonly flow: SubscriberFlowLimits;
  deliver(message: Message): void;
  /** The subscription was deleted under an open subscriber. */
  onSubscriptionGone(error: Error): void;
}

/** Server-side topic as a subscription needs it: wake blocked publishers, take dead letters. */
export interface TopicLink {
  readonly hasBlockedPublishes: boolean;
  scheduleResume(): void;
  publishDeadLetter(message: Message, sourceSubscription: string): boolean;
}
