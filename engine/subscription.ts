import { EventEmitter } from "node:events";
import type { Consumer } from "./consumer.ts";
import {
  SUB_FLOW_DEFAULT_ALLOW_EXCESS,
  SUB_FLOW_DEFAULT_MAX_BYTES,
  SUB_FLOW_DEFAULT_MAX_MESSAGES,
} from "./defaults.ts";
import { notFound } from "./errors.ts";
import type { SubscriberFlowLimits } from "./flow-control.ts";
import type { Message } from "./message.ts";
import type { Registry } from "./registry.ts";
import type { SubscriptionState } from "./subscription-state.ts";
import { emptySubscriptionStats, type SubscriptionStats } from "./subscription-stats.ts";

export interface SubscriptionOptions {
  flowControl?: { maxMessages?: number; maxBytes?: number; allowExcessMessages?: boolean };
}

type MessageListener = (message: Message) => void;

/**
 * Client-side subscription handle. Adding a 'message' listener opens a streaming pull (attaches to the
 * subscription); close() or removing the last listener detaches and nacks what this handle still holds.
 */
export class Subscription extends EventEmitter implements Consumer {
  readonly name: string;
  flow: SubscriberFlowLimits;
  outstandingMessages = 0;
  outstandingBytes = 0;
  private state: SubscriptionState | null = null;
  private fastListener: MessageListener | null = null;
  private listenersDirty = true;

  constructor(
    private readonly registry: Registry,
    name: string,
    options?: SubscriptionOptions,
  ) {
    super();
    this.name = name;
    this.flow = resolveFlow(options);
    this.on("newListener", (event: string | symbol) => {
      if (event !== "message") return;
      this.listenersDirty = true;
      if (this.state === null) this.open();
    });
    this.on("removeListener", (event: string | symbol) => {
      if (event !== "message") return;
      this.listenersDirty = true;
      queueMicrotask(() => {
        if (this.listenerCount("message") === 0) void this.close();
      });
    });
  }

  get isOpen(): boolean {
    return this.state !== null;
  }

  setOptions(options: SubscriptionOptions): void {
    this.flow = resolveFlow(options);
  }

  private open(): void {
    const state = this.registry.subscriptions.get(this.name);
    if (state === undefined) {
      queueMicrotask(() => this.emit("error", notFound("Subscription", this.name)));
      return;
    }
    this.state = state;
    state.attach(this);
  }

  deliver(message: Message): void {
    if (this.listenersDirty) {
      const raw = this.rawListeners("message");
      this.fastListener = raw.length === 1 ? (raw[0] as MessageListener) : null;
      this.listenersDirty = false;
    }
    try {
      const fn = this.fastListener;
      if (fn !== null) fn(message);
      else this.emit("message", message);
    } catch (error) {
      if (this.listenerCount("error") > 0) this.emit("error", error);
      else
        queueMicrotask(() => {
          throw error;
        });
    }
  }

  onSubscriptionGone(error: Error): void {
    this.state = null;
    if (this.listenerCount("error") > 0) this.emit("error", error);
    this.emit("close");
  }

  /** Stops delivery, nacks every message this handle still holds, emits 'close'. */
  async close(): Promise<void> {
    const state = this.state;
    if (state === null) return;
    this.state = null;
    state.detach(this);
    this.emit("close");
  }

  async exists(): Promise<boolean> {
    return this.registry.subscriptions.has(this.name);
  }

  async delete(): Promise<void> {
    await this.close();
    this.registry.deleteSubscription(this.name);
  }

  /** Counters of the subscription (zeros once deleted). */
  stats(): SubscriptionStats {
    return this.registry.subscriptions.get(this.name)?.snapshot() ?? emptySubscriptionStats();
  }
}

function resolveFlow(options?: SubscriptionOptions): SubscriberFlowLimits {
  const fc = options?.flowControl ?? {};
  return {
    maxMessages: fc.maxMessages ?? SUB_FLOW_DEFAULT_MAX_MESSAGES,
    maxBytes: fc.maxBytes ?? SUB_FLOW_DEFAULT_MAX_BYTES,
    allowExcessMessages: fc.allowExcessMessages ?? SUB_FLOW_DEFAULT_ALLOW_EXCESS,
  };
}
