import './protocol-log.css';
export { ProtocolLogPanel } from './ProtocolLogPanel';
