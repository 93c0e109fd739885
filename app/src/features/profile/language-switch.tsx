import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toAppLanguage, type AppLanguage } from '../../i18n/i18n';
import { notify } from '../../lib/notify';
import { setLanguageAtom } from '../../state/profile';

/** ru / en: saved on the server (profile/language), then the texts switch. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const saving = useAtomValue(setLanguageAtom);
  const current = toAppLanguage(i18n.language);
  const pending: AppLanguage | undefined = saving.isPending ? saving.variables : undefined;

  const choose = (lang: AppLanguage) => {
    if (lang === current || saving.isPending) return;
    saving.mutate(lang, {
      onError: (error) => {
        console.error('[profile] saving the language failed', error);
        notify.error('toast.somethingWentWrong');
      },
    });
  };

  return (
    <div className="segmented" role="group" aria-label={t('profile.language')} data-testid="language-switch">
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className={`segmented__option${lang === current ? ' is-active' : ''}`}
          aria-pressed={lang === current}
          aria-busy={pending === lang}
          disabled={saving.isPending}
          onClick={() => choose(lang)}
          data-testid={`language-${lang}`}
        >
          {t(`profile.languages.${lang}`)}
        </button>
      ))}
    </div>
  );
}
