import { $ } from "bun";

/** Makes the local engine a one-node swarm manager; the returned function leaves only a swarm it created. */
export async function ensureOneNodeSwarm(): Promise<() => Promise<void>> {
  const state = (await $`docker info --format {{.Swarm.LocalNodeState}}`.text()).trim();
  if (state === "active") return async () => undefined;
  await $`docker swarm init --advertise-addr 127.0.0.1`.quiet();
  return async () => {
    await $`docker swarm leave --force`.quiet().nothrow();
  };
}

/** Services carrying a label (or label=value), via the docker CLI as an outside check. */
export async function labelledServices(label: string): Promise<string[]> {
  const out = await $`docker service ls -q --filter label=${label}`.nothrow().text();
  return out.split("\n").filter((line) => line.trim() !== "");
}
