import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { keptIdSet } from '../../tasks/held-results';
import { resultMatchesFor, resultSearchStore, searchResults } from '../../tasks/result-search';

/**
 * Looks for the filter's term inside the server's held results (off the main thread for large ones) whenever the term
 * or a result changes; answers the tasks matched there, or undefined while the search runs.
 */
export function useResultSearch(serverUrl: string, query: string): ReadonlySet<string> | undefined {
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    // A result fetched, loaded back or forgotten for this server: search again. Not for one let go from memory and
    // still kept (result-residency.ts): what the search finds has not changed.
    return queryClient.getQueryCache().subscribe((event) => {
      const key: readonly unknown[] = event.query.queryKey as readonly unknown[];
      if (event.type !== 'updated' && event.type !== 'removed' && event.type !== 'added') return;
      if (key[0] !== 'mcp' || key[1] !== serverUrl || key[2] !== 'result') return;
      if (event.type === 'updated' && event.action.type !== 'success') return;
      if (event.type === 'removed' && typeof key[3] === 'string' && keptIdSet(queryClient, serverUrl).has(key[3])) return;
      setVersion((v) => v + 1);
    });
  }, [queryClient, serverUrl]);
  useEffect(() => {
    let cancelled = false;
    void searchResults(queryClient, serverUrl, query, () => cancelled);
    return () => {
      cancelled = true;
    };
  }, [queryClient, serverUrl, query, version]);
  return useStore(resultSearchStore, (s) => resultMatchesFor(s, serverUrl, query));
}
