import './task-list.css';
export { TaskTable } from './TaskTable';
