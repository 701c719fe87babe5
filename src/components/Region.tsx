import { useId, type ReactNode } from 'react';

interface RegionProps {
  /** The region's accessible name: part of the UI contract, keep it stable. */
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A titled landmark region: a `section` named by its heading. */
export function Region({ title, actions, children, className }: RegionProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`region ${className ?? ''}`}>
      <header className="region-header">
        <h2 id={id}>{title}</h2>
        {actions ? <div className="region-actions">{actions}</div> : null}
      </header>
      <div className="region-body">{children}</div>
    </section>
  );
}
