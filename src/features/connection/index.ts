import './connection.css';
export { ConnectionForm } from './ConnectionForm';
export { ConnectionStatus } from './ConnectionStatus';
export { ServerInfo } from './ServerInfo';
export { ProcessLog } from './ProcessLog';
export { useConnectionStore, useServersStore } from './use-connection';
