export { AccountErrorPage } from '../ui/AccountError';
