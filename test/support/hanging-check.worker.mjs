// A stand-in for server/studio/studio-check.worker.ts in the checks' deadline tests: a check whose files
// hold HANG runs a synchronous loop that never ends, as a pathological check would (nothing but ending its
// thread stops it); any other check answers at once. What the checks need from the code never loads.
// Plain JavaScript: a worker thread of Node 20 applies no --import loader, and this one needs none.
// The marker is the tests' (test/server/studio-check-deadline.test.ts), spelled the same there.
const HANG = '"__a check that never ends__"';

const hangs = (files) =>
  Object.values(files ?? {}).some((text) => typeof text === 'string' && text.includes(HANG));

const spin = () => {
  for (;;);
};

export function checkChange({ files }) {
  if (hangs(files)) spin();
  return [];
}

export function checkDraftRules(files) {
  if (hangs(files)) spin();
  return { rules: {}, problems: [] };
}

export function contextData() {
  spin();
}
