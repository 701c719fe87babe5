import './input-request.css';
export { InputRequestPanel } from './InputRequestPanel';
