export { StatusBadge } from './StatusBadge';
