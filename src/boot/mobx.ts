// The entry's second piece (src/main.tsx): MobX, evaluated in a task of its own (see ./react.ts).
export { when } from 'mobx';
