// Shared test set-up. DOM matchers are registered for component tests (happy-dom environment).
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Testing Library's findBy* and waitFor give up after one second by default: a clock, not an event. On a
// loaded 2-core host (or one four times slower, issue 33) a lazy page's first import or a flow's answer can
// take longer than that, and a test failed for no defect (CI, src/features/login/recovery.test.tsx). They
// still return the moment the element appears; this only bounds a test whose element never comes, well
// under vitest's own testTimeout (vitest.config.ts).
configure({ asyncUtilTimeout: 30_000 });
