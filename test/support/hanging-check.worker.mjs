// A stand-in for server/studio/studio-check.worker.ts in the checks' deadline tests: a check whose files
// hold HANG runs a synchronous loop that never ends, as a pathological check would (nothing but ending its
// thread stops it); one whose files hold PROBLEM finds a problem, one whose files hold THROW fails; any
// other check answers at once. What the checks need from the code never loads.
// Plain JavaScript: a worker thread of Node 20 applies no --import loader, and this one needs none.
// The markers are the tests' (test/server/studio-check-deadline.test.ts, studio-check-metrics.test.ts),
// spelled the same there.
const HANG = '"__a check that never ends__"';
const PROBLEM = '"__a check that finds a problem__"';
const THROW = '"__a check that fails__"';

const holds = (files, marker) =>
  Object.values(files ?? {}).some((text) => typeof text === 'string' && text.includes(marker));

const spin = () => {
  for (;;);
};

/** What a check of `files` does besides answering: spin, or fail; the problems it finds. */
function run(files) {
  if (holds(files, HANG)) spin();
  if (holds(files, THROW)) throw new Error('the check failed');
  return holds(files, PROBLEM) ? ['rules/prepaid-card.json: a problem the check found'] : [];
}

export function checkChange({ files }) {
  return run(files);
}

export function checkDraftRules(files) {
  return { rules: {}, problems: run(files) };
}

export function contextData() {
  spin();
}
