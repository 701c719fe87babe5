export { TaskTable } from './TaskTable';
