import type { TLanguage } from '@coinlane/core/options';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { fill, useT } from './i18n.tsx';
import type { TPaymentTextKey } from './locales.ts';
import {
  englishSubscriptionTexts,
  loadSubscriptionTexts,
  type TSubscriptionTextKey,
  type TSubscriptionTexts,
} from './subscription-locales.ts';

/**
 * t() of the subscribe page and the portal: their own texts, and the payment page's for what they share (the
 * footer, the language picker, the test badge, a few errors). The language is the payment page's (?lang=, the
 * stored choice, the browser's); a change of language loads this set's texts too.
 */
export type TSubscriptionKey = TSubscriptionTextKey | TPaymentTextKey;
export type TSubscriptionTranslate = (
  key: TSubscriptionKey,
  vars?: Record<string, string | number>,
) => string;

const TextsContext = createContext<TSubscriptionTexts | null>(null);

export function SubscriptionTextsProvider({
  initial,
  children,
}: {
  initial: { lang: TLanguage; texts: TSubscriptionTexts };
  children: ReactNode;
}) {
  const { lang } = useT();
  const [current, setCurrent] = useState(initial);
  useEffect(() => {
    if (current.lang === lang) return;
    let stale = false;
    loadSubscriptionTexts(lang).then(
      (texts) => !stale && setCurrent({ lang, texts }),
      () => {},
    );
    return () => {
      stale = true;
    };
  }, [lang, current.lang]);
  return <TextsContext.Provider value={current.texts}>{children}</TextsContext.Provider>;
}

const isSubscriptionKey = (key: string): key is TSubscriptionTextKey => key in englishSubscriptionTexts;

export function useSubscriptionT() {
  const { t: paymentT, lang } = useT();
  const texts = useContext(TextsContext);
  if (!texts) throw new Error('useSubscriptionT must be used inside SubscriptionTextsProvider');
  const t = useCallback<TSubscriptionTranslate>(
    (key, vars) =>
      isSubscriptionKey(key) ? fill(texts[key] ?? englishSubscriptionTexts[key], vars) : paymentT(key, vars),
    [texts, paymentT],
  );
  return { t, lang };
}
