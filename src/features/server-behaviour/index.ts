import './server-behaviour.css';
export { ServerBehaviourPanel } from './ServerBehaviourPanel';
