import { TonConnectButton, TonConnectUIProvider } from '@tonconnect/ui-react';

// TON Connect UI, deferred as the product defers it: loaded only when the player asks for the
// wallet, never on the first screen.
export default function Wallet() {
  return (
    <TonConnectUIProvider manifestUrl={`${window.location.origin}/tonconnect-manifest.json`}>
      <TonConnectButton />
    </TonConnectUIProvider>
  );
}
