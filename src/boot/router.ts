// The entry's third piece (src/main.tsx): React Router, evaluated in a task of its own (see ./react.ts).
export { createBrowserRouter } from 'react-router-dom';
