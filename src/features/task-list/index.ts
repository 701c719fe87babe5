import './task-list.css';
export { TaskTable } from './TaskTable';
export { ViewSwitch } from './ViewSwitch';
