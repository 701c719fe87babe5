export { RunToolPanel } from './RunToolPanel';
