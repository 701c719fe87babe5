export { ServerSwitcher, shortServerName } from './ServerSwitcher';
