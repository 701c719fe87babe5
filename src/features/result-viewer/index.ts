import './result-viewer.css';
export { ResultViewer } from './ResultViewer';
