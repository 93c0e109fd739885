import type { LegalPage } from './legal-pages';
import { LegalDocument } from './legal-screen';

/** The terms or the privacy policy outside the messenger (a wallet's link): the page alone. */
export default function LegalStandalone({ page }: { page: LegalPage }) {
  return (
    <div className="legal-page">
      <LegalDocument page={page} standalone />
    </div>
  );
}
