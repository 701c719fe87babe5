import { createStore } from 'zustand/vanilla';
import type { DisplayStatus } from './status';

export type SortKey = 'created' | 'updated';

interface FilterState {
  status: DisplayStatus | 'all';
  query: string;
  sort: SortKey;
  statusFiltered: (status: DisplayStatus | 'all') => void;
  queryEdited: (query: string) => void;
  sortChosen: (sort: SortKey) => void;
}

export const filterStore = createStore<FilterState>()((set) => ({
  status: 'all',
  query: '',
  sort: 'created',
  statusFiltered: (status) => set({ status }),
  queryEdited: (query) => set({ query }),
  sortChosen: (sort) => set({ sort }),
}));
