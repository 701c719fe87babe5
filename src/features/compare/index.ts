export { CompareButton } from './CompareButton';
