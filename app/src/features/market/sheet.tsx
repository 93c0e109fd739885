import type { ComponentProps } from 'react';
import { BottomSheet } from '../../components/sheet';
import { useMarketText } from './market-texts';

type SheetProps = Omit<ComponentProps<typeof BottomSheet>, 'closeLabel' | 'closeTestId' | 'onClose'> & {
  open: boolean;
  onClose: () => void;
};

/** The market's sheets (filters, sorting, a gift, the cart): closed with the market's own close label. */
export function Sheet({ open, ...sheet }: SheetProps) {
  const { mt } = useMarketText();
  if (!open) return null;
  return <BottomSheet {...sheet} closeLabel={mt('gifts.close')} closeTestId="sheet-close" />;
}
