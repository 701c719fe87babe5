import './result-viewer.css';
export { ResultViewer } from './ResultViewer';
export { useWarmMarkdown } from './warm-markdown';
