import './connection.css';
export { ConnectionForm } from './ConnectionForm';
export { ConnectionStatus } from './ConnectionStatus';
export { ServerInfo } from './ServerInfo';
export { useConnectionStore, useServersStore } from './use-connection';
