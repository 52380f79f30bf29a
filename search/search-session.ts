import type { LoadStep } from "../contract/result.ts";
import { overloadedStep } from "./overloaded-step.ts";

export type SearchPhase = "bracket" | "bisect" | "confirm";

/** The steps a ceiling search has run, its notes and its re-runs: shared by its phases. */
export class SearchSession {
  readonly steps: LoadStep[] = [];
  readonly notes: string[] = [];
  private retries = 0;

  constructor(
    private readonly runStep: (offeredPerSec: number, phase: SearchPhase) => Promise<LoadStep>,
    /** The closed-loop probe. */
    readonly probe: LoadStep,
    /** A bracket failure below this rate contradicts the probe (it is below it by more than noise). */
    readonly contradictsBelowPerSec: number,
    private readonly maxRetries: number,
  ) {}

  async measure(rate: number, phase: SearchPhase): Promise<LoadStep> {
    const step = await this.runStep(rate, phase);
    this.steps.push(step);
    return step;
  }

  /**
   * One step, re-run once when its failure contradicts earlier evidence, while re-runs last and the re-run still
   * fits under `budget` steps: a confirmation of a rate that passed earlier that delivered what it was offered (not
   * an overload, not a step-down guess); a bracket step well below the probe's rate; a
   * bracket step at or below the probe's rate that delivered all it was offered and missed only the latency, when
   * the probe itself met the SLO, or that delivered well under what the probe delivered (a stall, not a ceiling).
   */
  async measureOrRetry(rate: number, phase: SearchPhase, budget: number): Promise<LoadStep> {
    const first = await this.measure(rate, phase);
    // The last re-run is kept for the confirmation.
    const allowed = phase === "confirm" ? this.maxRetries : this.maxRetries - 1;
    if (first.sloMet || this.retries >= allowed || this.steps.length >= budget) return first;
    const why = this.contradiction(first, phase);
    if (why === null) return first;
    this.retries++;
    this.notes.push(
      `${phase} step at ${rate.toFixed(1)}/s failed ${why}: re-run once (${this.retries} of ${this.maxRetries})`,
    );
    return this.measure(rate, phase);
  }

  private contradiction(step: LoadStep, phase: SearchPhase): string | null {
    // An overloaded confirmation is the workload's answer (its capacity fell), not a stall: re-running it rarely passed.
    if (phase === "confirm")
      return this.passedRates().includes(step.offeredPerSec) && !overloadedStep(step)
        ? "a rate that passed"
        : null;
    if (phase !== "bracket") return null;
    const rate = step.offeredPerSec;
    if (rate < this.contradictsBelowPerSec)
      return `below ${this.contradictsBelowPerSec.toFixed(1)}/s, well under the probe's rate`;
    if (rate > this.probe.achievedPerSec) return null;
    if (!overloadedStep(step))
      return this.probe.sloMet
        ? `on latency alone at or below the probe's ${this.probe.achievedPerSec.toFixed(1)}/s, which met the SLO`
        : null;
    // The same process had just delivered the probe's rate: delivering far less at or below it is a stall.
    if (step.achievedPerSec < this.contradictsBelowPerSec)
      return `delivering ${step.achievedPerSec.toFixed(1)}/s, well under the ${this.probe.achievedPerSec.toFixed(1)}/s the probe delivered`;
    return null;
  }

  /** Rates of load steps that met the SLO, highest first, each once. */
  passedRates(): number[] {
    const rates = this.steps.filter((s) => s.phase !== "probe" && s.sloMet).map((s) => s.offeredPerSec);
    return [...new Set(rates)].sort((a, b) => b - a);
  }
}
