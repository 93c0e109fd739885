import { runEarlyChain, type ChainEvent, type ChainPlan } from './early-chain';

// The early calls' worker (early-calls.ts): runs the chain off the page's main thread and posts
// each step back. Built inline into the entry chunk (main.tsx imports it with ?worker&inline).

interface WorkerScope {
  onmessage: ((event: MessageEvent<ChainPlan>) => void) | null;
  postMessage(message: ChainEvent): void;
  close(): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  scope.onmessage = null;
  void runEarlyChain(
    event.data,
    (input, init) => fetch(input, init),
    (chainEvent) => {
      scope.postMessage(chainEvent);
      if (chainEvent.kind === 'done') scope.close();
    },
  );
};
