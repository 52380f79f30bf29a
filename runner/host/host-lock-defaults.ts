/** Every measuring run on this machine locks this file (flock); fixed, not tmpdir(): TMPDIR differs per shell. */
export const HOST_LOCK_PATH = "/tmp/bun-capacity-host.lock";
/** Who holds the lock (run id, pid), written by the holder so a waiting run can say whom it waits for. */
export const HOST_LOCK_OWNER_SUFFIX = ".owner.json";
/** If the lock is not ours within this long, another run holds it: say so, then keep waiting. */
export const HOST_LOCK_NOTICE_MS = 300;
