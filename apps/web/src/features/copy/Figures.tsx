import type { ReactNode } from 'react';

/** Labelled figures in a two-column grid: a copy's or a provider's numbers. */
export function Figures({ children }: { children: ReactNode }) {
  return <dl className="copy-figures">{children}</dl>;
}

export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
