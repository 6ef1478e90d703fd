/**
 * What the core counts for an operator's graphs. Without `METRICS_TOKEN` nothing is collected and
 * prom-client is never loaded (it would cost memory on every small install); with it, `prometheus.ts`
 * implements this.
 */
export interface Metrics {
  /** A reply's send attempt ended: sent, failed, retrying or unknown. */
  sendSettled(channel: string, outcome: string): void;
  /** A message reached the intake (a duplicate delivery is counted apart). */
  messageReceived(channel: string, duplicate: boolean): void;
}

export const noMetrics: Metrics = {
  sendSettled() {},
  messageReceived() {},
};
