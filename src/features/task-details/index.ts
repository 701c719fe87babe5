import './task-details.css';
export { TaskDetails } from './TaskDetails';
export { ResultPanel } from './ResultPanel';
