export { TaskDetails } from './TaskDetails';
export { ResultPanel } from './ResultPanel';
