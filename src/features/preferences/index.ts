export { DisplaySettings } from './DisplaySettings';
