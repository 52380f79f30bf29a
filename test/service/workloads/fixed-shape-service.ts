import type { ServiceProcess } from "./ingest-e2e/start-service-process.ts";

export { type ServiceProcess, startServiceProcess } from "./ingest-e2e/start-service-process.ts";

/** GET /admin/stats of the service, as JSON. */
// biome-ignore lint/suspicious/noExplicitAny: the tests' assertions check the fields they read
export async function serviceStats(service: ServiceProcess): Promise<any> {
  return (await fetch(`${service.url}/admin/stats`, { signal: AbortSignal.timeout(5000) })).json();
}
