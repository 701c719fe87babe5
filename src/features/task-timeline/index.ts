import './task-timeline.css';
export { TimelineChart } from './TimelineChart';
