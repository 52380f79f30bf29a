import type { ContainerSpec } from "../../../runner/docker/docker-api.ts";
import type { FakeBehaviour } from "./fake-behaviour.ts";

/** One fake container: its spec, its scripted behaviour and where it is in its life. */
export interface FakeContainer {
  id: string;
  spec: ContainerSpec;
  behaviour: FakeBehaviour;
  running: boolean;
  killed: boolean;
  exitCode: number | null;
  exit: (code: number) => void;
  exited: Promise<number>;
}
