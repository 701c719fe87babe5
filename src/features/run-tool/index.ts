import './run-tool.css';
export { RunToolPanel } from './RunToolPanel';
export { prefillRun, runToolStore } from './run-tool-store';
