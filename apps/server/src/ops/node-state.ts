/** This node's part in the deployment, as the platform sees it now: what /readyz and /metrics report. */
export interface NodeState {
  /** This process's random id: in every log line and at the start of every request id. */
  readonly id: string;
  readonly leading: boolean;
  /** Stopping: no new work should be sent here. */
  readonly draining: boolean;
  /** Executions in the trading engine's queue (0 on a follower). */
  readonly engineQueueDepth: number;
}
