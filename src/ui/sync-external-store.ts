// mobx-react-lite imports useSyncExternalStore from React's shim package (for React before 18); the build's
// renderer has the hook itself (docs/decisions/010b-preact-compat.md), so the build resolves the shim here.
export { useSyncExternalStore } from 'react';
