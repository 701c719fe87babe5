import './run-tool.css';
export { RunToolPanel } from './RunToolPanel';
