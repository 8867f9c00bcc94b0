import Skeleton from 'antd-mobile/es/components/skeleton';

/** Placeholder rows while a list loads (SPEC.md §9: home 10, orders 2). */
export function SkeletonRows({ count, withLogo = false }: { count: number; withLogo?: boolean }) {
  const rows = Array.from({ length: count }, (_, n) => `skeleton-${n}`);
  return (
    <div className="skeleton-rows" aria-busy="true">
      {rows.map((key) => (
        <div className="skeleton-row" key={key}>
          {withLogo && <Skeleton animated className="skeleton-logo" />}
          <Skeleton.Paragraph lineCount={withLogo ? 2 : 3} animated className="skeleton-text" />
        </div>
      ))}
    </div>
  );
}
