export { ConnectionForm } from './ConnectionForm';
export { ConnectionStatus } from './ConnectionStatus';
