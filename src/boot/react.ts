// The entry's first piece (src/main.tsx): React's renderer, evaluated in a task of its own. A name is
// re-exported so the bundler keeps what the app uses and no more (a namespace import would keep everything).
export { hydrateRoot } from 'react-dom/client';
