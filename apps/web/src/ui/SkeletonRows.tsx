/**
 * Placeholder rows while a list loads (SPEC.md §9: home 10, orders 2): grey shapes under one shimmer. The
 * shimmer is a single transform animation of the whole block, which the compositor runs: antd-mobile's
 * skeleton animated each shape's background on the main thread, repainting every frame, and each shape's
 * animation start went through React's event system (issue 11: the home screen's total blocking time).
 */
export function SkeletonRows({ count, withLogo = false }: { count: number; withLogo?: boolean }) {
  const lines = withLogo ? 2 : 3;
  return (
    <div className="skeleton-rows" aria-busy="true">
      {Array.from({ length: count }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <div className="skeleton-row" key={row}>
          {withLogo && <span className="skeleton-shape skeleton-logo" />}
          <span className="skeleton-text">
            {Array.from({ length: lines }, (_, line) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
              <span className="skeleton-shape skeleton-line" key={line} />
            ))}
          </span>
        </div>
      ))}
    </div>
  );
}
