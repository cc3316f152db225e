// The studio's check worker when the server runs from its TypeScript sources (tsx): Node 20 applies no
// --import loader inside a worker thread, so the thread loads the worker's module through tsx's API.
// A compiled server runs studio-check.worker.js directly and never loads this file.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./studio-check.worker.ts', import.meta.url);

export const checkChange = worker.checkChange;
export const checkDraftRules = worker.checkDraftRules;
export const contextData = worker.contextData;
