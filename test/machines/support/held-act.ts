import { createActor, fromPromise, type AnyStateMachine } from 'xstate';

/**
 * A studio action machine (its `act` actor: the server's call, resolving with a sentence; its `changed`
 * action: the lists refreshed) started with an `act` the test answers by hand: every input it was given, the
 * answers still open in order, and how often `changed` ran.
 */
export function withHeldAct<M extends AnyStateMachine, Input>(machine: M) {
  const acts: Input[] = [];
  const answers: { resolve: (s: string) => void; reject: (e: Error) => void }[] = [];
  let changed = 0;
  const provided = machine.provide({
    actors: {
      act: fromPromise<string, Input>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            acts.push(input);
            answers.push({ resolve, reject });
          }),
      ),
    },
    actions: { changed: () => void changed++ },
  }) as M;
  const actor = createActor(provided).start();
  return { actor, acts, answers, changed: () => changed };
}
