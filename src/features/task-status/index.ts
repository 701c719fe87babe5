export { StatusBadge } from './StatusBadge';
export { useTaskRows } from './use-task-rows';
