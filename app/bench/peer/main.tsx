import { init } from '@tma.js/sdk-react';
import { TonConnectButton, TonConnectUIProvider } from '@tonconnect/ui-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

// The first-screen benchmark's peer (app/bench/first-screen.mjs): the bare minimum a mini app
// with the same stack ships on its first screen — React, a router, TON Connect UI with its
// button, and the host SDK initialised. No data, no texts, no styles of its own.

init();

function Bonus() {
  return (
    <main style={{ padding: 16 }}>
      <h1 data-testid="peer-title">Bonus</h1>
      <p>The bare page: React, react-router-dom, TON Connect UI and the host SDK.</p>
      <TonConnectButton />
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', Component: Bonus }]);

const container = document.getElementById('root');
if (!container) throw new Error('#root element not found in the document.');

createRoot(container).render(
  <StrictMode>
    <TonConnectUIProvider manifestUrl={`${window.location.origin}/tonconnect-manifest.json`}>
      <RouterProvider router={router} />
    </TonConnectUIProvider>
  </StrictMode>,
);
