export { ResultViewer } from './ResultViewer';
