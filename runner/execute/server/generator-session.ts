import type {
  MemberOutcome,
  MemberSession,
  PodHandle,
  PodMemberSpec,
} from "../../drivers/execution-driver.ts";
import type { GeneratorSessionProtocol, LoadGenerator, StepRequest } from "../../load/load-generator.ts";
import { ServerStepError } from "./server-step-error.ts";

/** Set to "off", every step runs its own generator container, as on a pod that cannot hold a session (Swarm). */
export const GENERATOR_SESSION_ENV = "BUN_CAPACITY_GENERATOR_SESSION";

/**
 * One generator container for a repetition's steps (a session): each step is a frame on its stdin, read back until
 * the step's end line. A step that times out, exits or prints garbage closes the session; the next step starts a
 * fresh one. The repetition closes it at its end (and the pod's finish() removes it in any case).
 */
export class GeneratorSession {
  private member: MemberSession | null = null;
  /** The workload module the current session was handed (sent again only to a fresh session). */
  private sentSource: string | null = null;

  private constructor(
    private readonly start: (spec: PodMemberSpec) => Promise<MemberSession>,
    private readonly protocol: GeneratorSessionProtocol,
  ) {}

  /** A session for this pod and generator, or null when either cannot hold one (then: a container per step). */
  static open(pod: PodHandle, generator: LoadGenerator, env = process.env): GeneratorSession | null {
    if (env[GENERATOR_SESSION_ENV] === "off") return null;
    if (!pod.startSession || !generator.session) return null;
    return new GeneratorSession((spec) => pod.startSession?.(spec) ?? noSession(), generator.session);
  }

  /** Runs one step within timeoutMs; the outcome reads like a one-step container's (its CPU: the step's own). */
  async runStep(request: StepRequest, timeoutMs: number, signal?: AbortSignal): Promise<MemberOutcome> {
    const { protocol } = this;
    if (!this.member) {
      this.member = await this.start(protocol.container());
      this.sentSource = null;
    }
    const module = protocol.workloadFrame(request);
    const fresh = module !== null && module.source !== this.sentSource;
    const input = (fresh ? module.line : "") + protocol.stepFrame(request);
    if (fresh) this.sentSource = module.source;
    const exchange = await this.member.exchange(input, protocol.isStepEnd, timeoutMs, signal);
    const { stdout, stderr } = exchange;
    if (exchange.ended !== "marker") {
      // Mid-step (a timeout, an interrupt) it would not stop at the end of its input: kill it.
      await this.close({ kill: true });
      return {
        exitCode: exchange.exitCode,
        timedOut: exchange.ended === "timeout",
        stdout,
        stderr,
        cpuSeconds: 0,
      };
    }
    let end: { exitCode: number; cpuSeconds: number };
    try {
      end = protocol.parseStepEnd(stdout, stderr);
    } catch (error) {
      await this.close();
      const detail = error instanceof Error ? error.message.split("\n")[0] : String(error);
      throw new ServerStepError(
        "bad-output",
        `the generator session's end-of-step line is unusable: ${detail}`,
        stdout,
        {
          cause: error,
        },
      );
    }
    // A failed step ends the generator's session (it exits with the step's code); its stderr line may come last.
    const tail = end.exitCode === 0 ? "" : (await this.close()).stderr;
    // The step's own output, as a one-step container prints it: everything before the end line.
    const output = stdout.slice(0, stdout.lastIndexOf("\n", stdout.length - 2) + 1);
    const cpuSeconds = end.cpuSeconds;
    return { exitCode: end.exitCode, timedOut: false, stdout: output, stderr: stderr + tail, cpuSeconds };
  }

  /** Ends the session (its container is removed); the next step, if any, starts a fresh one. */
  async close(options: { kill?: boolean } = {}): Promise<{ stdout: string; stderr: string }> {
    const member = this.member;
    this.member = null;
    return (await member?.close(options)) ?? { stdout: "", stderr: "" };
  }
}

const noSession = (): never => {
  throw new Error("the pod lost its startSession");
};
