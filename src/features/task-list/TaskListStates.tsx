import { memo } from 'react';
import type { TaskPaging } from './use-task-paging';

/** What the table shows when it has no rows: loading, no tasks yet, not connected, or nothing matching. */
export const TaskListEmpty = memo(function TaskListEmpty({
  known,
  shown,
  fetching,
  connected,
}: {
  known: number;
  shown: number;
  fetching: boolean;
  connected: boolean;
}) {
  if (known > 0) return shown === 0 ? <p className="empty">No task matches the filters.</p> : null;
  if (fetching) {
    return (
      <div className="empty loading" role="status" aria-label="Loading tasks">
        <span className="skeleton-row" aria-hidden="true" />
        <span className="skeleton-row" aria-hidden="true" />
        <span className="skeleton-row" aria-hidden="true" />
        Asking the server for its tasks…
      </div>
    );
  }
  return (
    <div className="empty empty-state">
      <strong>{connected ? 'No tasks yet' : 'Not connected'}</strong>
      <span>
        {connected
          ? 'Run a tool as a task (Run tool, or press r) and it appears here, live.'
          : 'Enter an MCP server URL above and press Connect. The demo server that `npm start` runs is at http://127.0.0.1:3210/mcp.'}
      </span>
    </div>
  );
});

/** Background listing progress, the "Load more tasks" button and a paging error. */
export const PagingFooter = memo(function PagingFooter({ paging, known }: { paging: TaskPaging; known: number }) {
  const { hasMore, autoList, loadingPage, pageError, loadMore } = paging;
  if (!hasMore && !pageError) return null;
  return (
    <div className="form-actions">
      {autoList ? (
        <span className="muted small" role="status">
          Listing the server’s tasks… {known.toLocaleString()} so far
        </span>
      ) : hasMore ? (
        <button type="button" className="button small" onClick={loadMore} disabled={loadingPage}>
          {loadingPage ? 'Loading…' : 'Load more tasks'}
        </button>
      ) : null}
      {pageError ? <span className="error-text">{pageError}</span> : null}
    </div>
  );
});
