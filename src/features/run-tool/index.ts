import './run-tool.css';
export { RunToolPanel } from './RunToolPanel';
export { prefillRun } from './run-tool-store';
