import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Upper bounds of the buckets, in seconds (prom-client's defaults, which dashboards expect). */
const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const NAME = 'meridian_http_request_duration_seconds';

declare module 'fastify' {
  interface FastifyRequest {
    /** performance.now() when the request reached its first hook. */
    startedAt: number;
  }
}

interface Series {
  labels: { method: string; route: string; status: number };
  /** Answers per bucket (not cumulative); the last one is past every bound. */
  counts: number[];
  sum: number;
}

/**
 * Answer times by method, route pattern and status, as a Prometheus histogram that the app's registry prints
 * (createMetrics). Kept in plain arrays: prom-client's own `observe` checks and hashes the labels of every
 * observation, which the trade_list profile showed at about 3 µs of each answer.
 */
export class AnswerTimes {
  readonly name = NAME;
  readonly help = 'Time to answer an HTTP request, by method, route pattern and status';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private series = new Map<string, Series>();

  /** Starts a request's clock; the app's one request hook calls it. */
  start(req: FastifyRequest): void {
    req.startedAt = performance.now();
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${status} ${method} ${route}`;
    let series = this.series.get(key);
    if (series === undefined) {
      series = { labels: { method, route, status }, counts: Array(BOUNDS.length + 1).fill(0), sum: 0 };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < BOUNDS.length && seconds > BOUNDS[bucket]!) bucket++;
    series.counts[bucket]!++;
    series.sum += seconds;
  }

  /** What the registry prints: each series' cumulative buckets, then its sum and count. */
  get() {
    const values = [];
    for (const { labels, counts, sum } of this.series.values()) {
      let seen = 0;
      for (let i = 0; i <= BOUNDS.length; i++) {
        seen += counts[i]!;
        const le = i < BOUNDS.length ? BOUNDS[i]! : '+Inf';
        values.push({ metricName: `${NAME}_bucket`, labels: { le, ...labels }, value: seen });
      }
      values.push({ metricName: `${NAME}_sum`, labels, value: sum });
      values.push({ metricName: `${NAME}_count`, labels, value: seen });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series = new Map();
  }
}

/**
 * Times every answer by its route's pattern (never the URL: ids would make a series each) and status, from
 * the request's first hook until the answer is handed to its socket. The clock is started by the app's one
 * request hook: a hook of its own, and `onResponse` with the response listeners it brings, would each cost
 * every request a few µs more (the trade_list benchmark).
 */
export function timeRequests(http: FastifyInstance): AnswerTimes {
  const times = new AnswerTimes();
  http.decorateRequest('startedAt', 0);
  http.addHook('onSend', (req, reply, payload, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    times.observe(req.method, route, reply.statusCode, (performance.now() - req.startedAt) / 1000);
    done(null, payload);
  });
  return times;
}
