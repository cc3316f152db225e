/** imurmurhash 0.1.4 ships no types: the part src/engine/rollout.ts uses. */
declare module 'imurmurhash' {
  interface MurmurHash3State {
    hash(key: string): MurmurHash3State;
    result(): number;
    reset(seed?: number): MurmurHash3State;
  }
  interface MurmurHash3Constructor {
    new (key?: string, seed?: number): MurmurHash3State;
    (key?: string, seed?: number): MurmurHash3State;
  }
  const MurmurHash3: MurmurHash3Constructor;
  export default MurmurHash3;
}
