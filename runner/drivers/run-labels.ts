/** The labels every container of a run carries: the run's own cleanup and orphan removal find its containers by them. */
export const RUN_ID_LABEL = "bun-capacity.run-id";
export const CELL_ID_LABEL = "bun-capacity.cell-id";
export const OWNER_PID_LABEL = "bun-capacity.owner-pid";
export const OWNER_HOST_LABEL = "bun-capacity.owner-host";
