export { TaskTable } from './TaskTable';
export { ViewSwitch } from './ViewSwitch';
