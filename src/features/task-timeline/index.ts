export { TimelineChart } from './TimelineChart';
