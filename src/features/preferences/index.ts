import './preferences.css';
export { DisplaySettings } from './DisplaySettings';
