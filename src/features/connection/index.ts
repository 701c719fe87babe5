import './connection.css';
export { ConnectionForm } from './ConnectionForm';
export { ConnectionStatus } from './ConnectionStatus';
export { ServerInfo } from './ServerInfo';
