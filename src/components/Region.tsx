import { useId, type ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import './region.css';

interface RegionProps {
  /** The region's accessible name: part of the UI contract, keep it stable. */
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** An id for the section, so keyboard shortcuts can move focus to it. */
  id?: string;
}

/** A titled landmark region: a `section` named by its heading, with its own error boundary. */
export function Region({ title, actions, children, className, id: sectionId }: RegionProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`region ${className ?? ''}`} {...(sectionId && { id: sectionId, tabIndex: -1 })}>
      <header className="region-header">
        <h2 id={id}>{title}</h2>
        {actions ? <div className="region-actions">{actions}</div> : null}
      </header>
      <div className="region-body">
        <ErrorBoundary label={title}>{children}</ErrorBoundary>
      </div>
    </section>
  );
}
