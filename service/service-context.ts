import type { PubSub, Topic } from "../engine/index.ts";
import type { ServiceConfig } from "./config/service-config.ts";
import type { PublishEndpoint } from "./protocol/publish-listener.ts";
import type { SocketCounters } from "./stats/socket-counters.ts";
import type { SocketSession } from "./ws/socket-session.ts";

/** The state every handler of one running service shares. */
export interface ServiceContext {
  readonly pubsub: PubSub;
  readonly config: ServiceConfig;
  readonly sockets: SocketCounters;
  /** Open sockets, so shutdown and subscription deletion can close them. */
  readonly sessions: Set<SocketSession>;
  /** Publisher handles by topic name (a handle is cheap but keeps per-key state). */
  readonly topicHandles: Map<string, Topic>;
  /** Topic of each subscription created through the service. */
  readonly subscriptionTopics: Map<string, string>;
  readonly startedAtMs: number;
  shuttingDown: boolean;
  /** null until the publish endpoint (PUBSUB_PROTOCOL) listens; /healthz answers 503 until then. */
  publishEndpoint: PublishEndpoint | null;
}
