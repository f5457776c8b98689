import { T } from '@coinlane/core/texts';

/** Message catalogue of this feature: en, es, fr, de. English comes from the spec's texts (core T). */
const en = {
  title: 'Documentation',
  loading: T.docsLoading,
  failed: T.docsFailed('{{status}}'),
  failedGeneric: T.docsFailedGeneric,
  backToHome: T.backToHome,
  home: 'Home',
  signIn: 'Sign in',
  onThisPage: 'On this page',
  copy: 'Copy',
  copied: 'Copied',
  englishOnly: 'The developer documentation is written in English.',
};

/** The same keys as English, any text. */
type Shape<M> = { [K in keyof M]: M[K] extends string ? string : Shape<M[K]> };
type Messages = Shape<typeof en>;

const es: Messages = {
  title: 'Documentación',
  loading: 'Cargando la documentación...',
  failed: 'No se pudo cargar la documentación: {{status}}',
  failedGeneric: 'No se pudo cargar la documentación',
  backToHome: 'Volver al inicio',
  home: 'Inicio',
  signIn: 'Iniciar sesión',
  onThisPage: 'En esta página',
  copy: 'Copiar',
  copied: 'Copiado',
  englishOnly: 'La documentación para desarrolladores está redactada en inglés.',
};

const fr: Messages = {
  title: 'Documentation',
  loading: 'Chargement de la documentation...',
  failed: 'Impossible de charger la documentation : {{status}}',
  failedGeneric: 'Impossible de charger la documentation',
  backToHome: "Retour à l'accueil",
  home: 'Accueil',
  signIn: 'Se connecter',
  onThisPage: 'Sur cette page',
  copy: 'Copier',
  copied: 'Copié',
  englishOnly: 'La documentation pour développeurs est rédigée en anglais.',
};

const de: Messages = {
  title: 'Dokumentation',
  loading: 'Dokumentation wird geladen...',
  failed: 'Dokumentation konnte nicht geladen werden: {{status}}',
  failedGeneric: 'Dokumentation konnte nicht geladen werden',
  backToHome: 'Zurück zur Startseite',
  home: 'Startseite',
  signIn: 'Anmelden',
  onThisPage: 'Auf dieser Seite',
  copy: 'Kopieren',
  copied: 'Kopiert',
  englishOnly: 'Die Entwicklerdokumentation ist auf Englisch verfasst.',
};

export const locales = { en, es, fr, de };
