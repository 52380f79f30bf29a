import { type ServiceClient, sleepMs } from "../bundled-service/service-client.ts";

const SAMPLE_MS = 250;

/** The service's own open-socket count, sampled every 250 ms until `untilMs` (epoch): its highest (0: none read). */
export async function sampleOpenPeak(service: ServiceClient, untilMs: number): Promise<number> {
  let peak = 0;
  while (Date.now() < untilMs) {
    const open = await service.stats().then(
      (s) => s.connections.open,
      () => 0,
    );
    peak = Math.max(peak, open);
    await sleepMs(Math.min(SAMPLE_MS, untilMs - Date.now()));
  }
  return peak;
}
