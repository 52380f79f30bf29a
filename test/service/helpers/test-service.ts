import { loadServiceConfig } from "../../../service/config/load-service-config.ts";
import { type RunningService, startService } from "../../../service/start-service.ts";

/** The service in-process on 127.0.0.1 with an ephemeral port; env overrides as the service reads them. */
export function startTestService(env: Record<string, string> = {}): RunningService {
  return startService(loadServiceConfig({ HOST: "127.0.0.1", PORT: "0", ...env }));
}

export async function request(
  service: RunningService,
  method: string,
  path: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: response JSON is checked by the tests' assertions
): Promise<{ status: number; json: any; headers: Headers }> {
  const response = await fetch(`${service.url}${path}`, {
    method,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text === "" ? null : JSON.parse(text), headers: response.headers };
}

/** Creates a topic and a subscription on it through the admin API. */
export async function topicWithSubscription(
  service: RunningService,
  topic: string,
  sub: string,
  options: Record<string, unknown> = {},
): Promise<void> {
  await request(service, "PUT", `/admin/topics/${topic}`);
  const created = await request(service, "PUT", `/admin/subscriptions/${sub}`, { topic, ...options });
  if (created.status !== 201) throw new Error(`subscription not created: ${JSON.stringify(created.json)}`);
}
