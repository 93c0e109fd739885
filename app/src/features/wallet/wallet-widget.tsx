import { lazy, Suspense } from 'react';
import { WidgetRestoring, type TonWalletProps } from './widget-parts';

// TON Connect UI is large: the widget and everything it needs load in their own chunk.
const TonWallet = lazy(() => import('./ton-wallet'));

export function WalletWidget(props: TonWalletProps) {
  return (
    <Suspense fallback={<WidgetRestoring />}>
      <TonWallet {...props} />
    </Suspense>
  );
}
