// The `clone` package (json-rules-engine's dependency) ships no types; the test that holds the browser build's
// stand-in to it (test/engine/condition-clone.test.ts) needs only its one function.
declare module 'clone' {
  export default function clone<T>(value: T): T;
}
