import type { Engine } from "../../docker/docker-client.ts";

/** `docker save | docker load` from the manager to every engine that lacks the image; returns how many got it. */
export async function distributeImage(manager: Engine, engines: Engine[], ref: string): Promise<number> {
  let copied = 0;
  for (const engine of engines) {
    if (engine === manager || (await engine.docker.inspectImage(ref))) continue;
    await engine.swarm.loadImage(await manager.swarm.saveImage(ref));
    copied++;
  }
  return copied;
}
