export { SessionFileActions } from './SessionFileActions';
export { closeSessionView, sessionViewStore } from './session-view-store';
