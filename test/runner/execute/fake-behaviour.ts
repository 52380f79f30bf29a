import type { StatsSample } from "../../../runner/docker/docker-api.ts";

/** How a fake container behaves once started. */
export interface FakeBehaviour {
  exitCode?: number;
  /** never exits on its own (until killed) */
  hang?: boolean;
  oomKilled?: boolean;
  oomEvent?: boolean;
  stdout?: string;
  stderr?: string;
  samples?: Array<Pick<StatsSample, "memoryUsageBytes" | "cpuTotalNanos">>;
  /** the engine disappears at this step */
  loseEngineAt?: "create" | "start" | "wait" | "logs";
}
