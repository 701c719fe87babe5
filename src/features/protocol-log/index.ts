export { ProtocolLogPanel } from './ProtocolLogPanel';
