/** What a workload reports as each operation finishes; latency is measured from the intended send time. */
export interface OpRecorder {
  published(intendedNs: number): void;
  delivered(intendedNs: number): void;
  failed(intendedNs: number, error: unknown): void;
}
