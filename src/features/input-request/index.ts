export { InputRequestPanel } from './InputRequestPanel';
