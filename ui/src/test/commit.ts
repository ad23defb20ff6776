/**
 * A stand-in for the app's first commit (`appCommitted`): `until` goes where the app
 * passes it, `commit()` settles it, and `held()` counts the answers that have come and
 * wait on it.
 */
export function pendingCommit(): { until: PromiseLike<void>; commit: () => void; held: () => number } {
  let commit!: () => void;
  const committed = new Promise<void>((resolve) => (commit = resolve));
  let held = 0;
  const until: PromiseLike<void> = {
    then: (ok, fail) => {
      held += 1;
      return committed.then(ok, fail);
    },
  };
  return { until, commit, held: () => held };
}
