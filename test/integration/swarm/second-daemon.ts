import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { $ } from "bun";

export interface SecondDaemon {
  /** unix:// address of its socket */
  address: string;
  stop(): Promise<void>;
}

/** The worker's own bridge: with --bridge=none dockerd DELETES docker0, which the main engine shares. */
const BRIDGE = `bcapw${process.pid % 10000}`;
const BRIDGE_CIDR = "10.213.213.1/24";

/**
 * A second dockerd on this machine (own data root, exec root, pid file, socket, own bridge, no iptables), joined
 * to the local swarm as a worker on 127.0.0.1:2378. stop() leaves the swarm, removes the node, kills the daemon.
 */
export async function startSecondDaemon(): Promise<SecondDaemon> {
  const dir = await mkdtemp(join(tmpdir(), "h7-dockerd-"));
  const socket = join(dir, "docker.sock");
  const address = `unix://${socket}`;
  const hadDocker0 = await hasDocker0();
  await $`ip link add ${BRIDGE} type bridge`.quiet();
  await $`ip addr add ${BRIDGE_CIDR} dev ${BRIDGE}`.quiet();
  await $`ip link set ${BRIDGE} up`.quiet();
  const daemon = Bun.spawn(
    [
      "dockerd",
      `--data-root=${dir}/data`,
      `--exec-root=${dir}/exec`,
      `--pidfile=${dir}/docker.pid`,
      "-H",
      address,
      `--bridge=${BRIDGE}`,
      "--iptables=false",
    ],
    { stdout: "ignore", stderr: Bun.file(join(dir, "dockerd.log")) },
  );
  let nodeId = "";
  const stop = async () => {
    await $`docker -H ${address} swarm leave --force`.quiet().nothrow();
    if (nodeId) {
      for (let i = 0; i < 20; i++) {
        if ((await $`docker node rm --force ${nodeId}`.quiet().nothrow()).exitCode === 0) break;
        await Bun.sleep(250);
      }
    }
    daemon.kill();
    await daemon.exited;
    await $`ip link del ${BRIDGE}`.quiet().nothrow();
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  };
  try {
    for (let i = 0; (await $`docker -H ${address} info`.quiet().nothrow()).exitCode !== 0; i++) {
      if (i > 120) throw new Error(`the second dockerd did not answer; see ${dir}/dockerd.log`);
      await Bun.sleep(250);
    }
    if (hadDocker0 && !(await hasDocker0())) throw new Error("the second dockerd removed docker0: stop");
    const token = (await $`docker swarm join-token -q worker`.text()).trim();
    await $`docker -H ${address} swarm join --token ${token} --listen-addr 127.0.0.1:2378 --advertise-addr 127.0.0.1:2378 127.0.0.1:2377`.quiet();
    nodeId = (await $`docker -H ${address} info --format {{.Swarm.NodeID}}`.text()).trim();
    for (
      let i = 0;
      (await $`docker node inspect ${nodeId} --format {{.Status.State}}`.text()).trim() !== "ready";
      i++
    ) {
      if (i > 120) throw new Error("the second node did not become ready");
      await Bun.sleep(250);
    }
    return { address, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function hasDocker0(): Promise<boolean> {
  return (await $`ip link show docker0`.quiet().nothrow()).exitCode === 0;
}
