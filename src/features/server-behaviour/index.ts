export { ServerBehaviourPanel } from './ServerBehaviourPanel';
