import { memo } from 'react';

interface SparklineProps {
  points: string[];
  direction: 'up' | 'down' | '';
  width?: number;
  height?: number;
}

/**
 * A small area chart as one SVG path: light enough for every row of the market list. Memoized: a row
 * re-renders on each quote, its chart only when its points or colour change.
 */
export const Sparkline = memo(function Sparkline({
  points,
  direction,
  width = 72,
  height = 28,
}: SparklineProps) {
  const values = points.map(Number).filter(Number.isFinite);
  if (values.length < 2) return <svg width={width} height={height} aria-hidden="true" />;
  const min = Math.min(...values);
  const span = Math.max(...values) - min || 1;
  const step = width / (values.length - 1);
  const xy = values.map(
    (v, i) => `${(i * step).toFixed(1)},${(height - 2 - ((v - min) / span) * (height - 4)).toFixed(1)}`,
  );
  const line = `M${xy.join('L')}`;
  const colour = direction === 'down' ? 'var(--down)' : direction === 'up' ? 'var(--up)' : 'var(--muted)';
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      className="sparkline"
    >
      <path d={`${line}L${width},${height}L0,${height}Z`} fill={colour} fillOpacity="0.12" />
      <path d={line} fill="none" stroke={colour} strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
});
