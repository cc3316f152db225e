export { ProfileUnavailable } from '../../ui/AccountError';
