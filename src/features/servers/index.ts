import './servers.css';
export { ServerSwitcher } from './ServerSwitcher';
