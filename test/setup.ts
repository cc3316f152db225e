// Shared test set-up. DOM matchers are registered for component tests (happy-dom environment).
import '@testing-library/jest-dom/vitest';
