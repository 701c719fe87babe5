import './servers.css';
export { ServerSwitcher, shortServerName } from './ServerSwitcher';
