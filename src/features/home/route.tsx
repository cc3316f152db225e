import { HomePage } from './HomePage';

/** /home (lazy route module). */
export const Component = HomePage;
