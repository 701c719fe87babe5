export { CompareButton } from './CompareResults';
