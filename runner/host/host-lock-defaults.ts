import { tmpdir } from "node:os";
import { join } from "node:path";

/** Every measuring run on this machine locks this file (flock), whoever runs it and from wherever. */
export const HOST_LOCK_PATH = join(tmpdir(), "bun-capacity-host.lock");
/** Who holds the lock (run id, pid), written by the holder so a waiting run can say whom it waits for. */
export const HOST_LOCK_OWNER_SUFFIX = ".owner.json";
/** If the lock is not ours within this long, another run holds it: say so, then keep waiting. */
export const HOST_LOCK_NOTICE_MS = 300;
