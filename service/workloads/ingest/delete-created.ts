import type { ServiceClient } from "../bundled-service/service-client.ts";

/** What a workload made on the service, noted as it goes so that a half-done setup is removed too. */
export interface Created {
  topics: string[];
  subscriptions: string[];
}

/** Deletes the subscriptions, then the topics (each call bounded); failures are logged, not thrown. */
export async function deleteCreated(
  client: ServiceClient,
  created: Created,
  log: (line: string) => void,
): Promise<void> {
  const remove = (path: string) => () => client.must("DELETE", path, `delete ${path}`);
  await cleanUp(
    created.subscriptions.map((name) => remove(`/admin/subscriptions/${name}`)),
    log,
  );
  await cleanUp(
    created.topics.map((name) => remove(`/admin/topics/${name}`)),
    log,
  );
}

/** Runs every call at once; failures are logged, not thrown: the step's figures stand. */
async function cleanUp(calls: Array<() => Promise<unknown>>, log: (line: string) => void): Promise<void> {
  const results = await Promise.allSettled(calls.map((call) => call()));
  for (const r of results) if (r.status === "rejected") log(`cleanup: ${(r.reason as Error).message}`);
}
