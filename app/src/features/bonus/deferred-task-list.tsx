import type { BonusState } from '@arcade/api-client/bonus';
import { useEffect, useState } from 'react';
import { afterNextPaint } from '../../lib/idle';
import { LoadProblem, LoadingCard } from '../../components/load-states';

type TaskListModule = typeof import('./task-list');

const loadTaskList = () => import('./task-list');

/** The task list's code once it has come (it stays for later visits of the screen). */
let loaded: TaskListModule | null = null;

/**
 * The task list sits below the fold of the bonus screen, the first screen: its code (and its
 * styles) are asked for once the screen above it has been painted, so they neither hold the
 * first screen's download nor its first render. Until then a loading card keeps its place.
 */
export function DeferredTaskList({ state }: { state: BonusState }) {
  const [list, setList] = useState<TaskListModule | null>(loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (list) return;
    let live = true;
    const cancel = afterNextPaint(() => {
      loadTaskList().then(
        (next) => {
          loaded = next;
          if (live) setList(next);
        },
        (error: unknown) => {
          console.error('[bonus] the task list did not load', error);
          if (live) setFailed(true);
        },
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [list, attempt]);

  if (list) return <list.TaskList state={state} />;
  if (failed) {
    return (
      <LoadProblem
        testId="bonus-tasks-load-error"
        onRetry={() => {
          setFailed(false);
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  return <LoadingCard testId="bonus-tasks-loading" />;
}
