import { T } from '@coinlane/core/texts';

/** Message catalogue of this feature: en, es, fr, de. */
const en = {
  title: 'Mail outbox',
  banner: T.devMailBanner,
  off: T.devMailOff,
  loadFailed: 'Failed to load mails',
  mailFailed: 'Failed to load this mail',
  autoRefresh: 'Refreshes every 3 seconds',
  empty: 'No mails yet',
  emptyHint: 'Sign-up confirmations, sign-in codes and password resets appear here within seconds.',
  pick: 'Select a mail to read it.',
  to: 'To',
  replyTo: 'Reply-To',
  html: 'HTML',
  text: 'Text',
  view: 'Version',
  back: 'All mails',
  home: 'Home',
  frameTitle: 'Mail: {{subject}}',
  noText: 'This mail has no text version.',
};

/** The same keys as English, any text. */
type Shape<M> = { [K in keyof M]: M[K] extends string ? string : Shape<M[K]> };
type Messages = Shape<typeof en>;

const es: Messages = {
  title: 'Bandeja de salida',
  banner: 'Bandeja de salida de desarrollo: en desarrollo, sin SMTP_URL, los correos no se envían',
  off: 'La bandeja de salida de desarrollo está desactivada (SMTP está configurado o esto es producción).',
  loadFailed: 'No se pudieron cargar los correos',
  mailFailed: 'No se pudo cargar este correo',
  autoRefresh: 'Se actualiza cada 3 segundos',
  empty: 'Aún no hay correos',
  emptyHint:
    'Las confirmaciones de registro, los códigos de inicio de sesión y los restablecimientos de contraseña aparecen aquí en segundos.',
  pick: 'Selecciona un correo para leerlo.',
  to: 'Para',
  replyTo: 'Responder a',
  html: 'HTML',
  text: 'Texto',
  view: 'Versión',
  back: 'Todos los correos',
  home: 'Inicio',
  frameTitle: 'Correo: {{subject}}',
  noText: 'Este correo no tiene versión de texto.',
};

const fr: Messages = {
  title: "Boîte d'envoi",
  banner: "Boîte d'envoi de développement — sans SMTP_URL, les e-mails ne sont pas envoyés en développement",
  off: "La boîte d'envoi de développement est désactivée (SMTP est configuré ou ceci est la production).",
  loadFailed: 'Impossible de charger les e-mails',
  mailFailed: 'Impossible de charger cet e-mail',
  autoRefresh: 'Actualisation toutes les 3 secondes',
  empty: 'Aucun e-mail pour le moment',
  emptyHint:
    "Les confirmations d'inscription, les codes de connexion et les réinitialisations de mot de passe apparaissent ici en quelques secondes.",
  pick: 'Sélectionnez un e-mail pour le lire.',
  to: 'À',
  replyTo: 'Répondre à',
  html: 'HTML',
  text: 'Texte',
  view: 'Version',
  back: 'Tous les e-mails',
  home: 'Accueil',
  frameTitle: 'E-mail : {{subject}}',
  noText: "Cet e-mail n'a pas de version texte.",
};

const de: Messages = {
  title: 'Postausgang',
  banner: 'Entwicklungs-Postausgang — ohne SMTP_URL werden in der Entwicklung keine E-Mails versendet',
  off: 'Der Entwicklungs-Postausgang ist aus (SMTP ist konfiguriert oder dies ist die Produktion).',
  loadFailed: 'E-Mails konnten nicht geladen werden',
  mailFailed: 'Diese E-Mail konnte nicht geladen werden',
  autoRefresh: 'Aktualisiert sich alle 3 Sekunden',
  empty: 'Noch keine E-Mails',
  emptyHint:
    'Registrierungsbestätigungen, Anmeldecodes und Passwort-Zurücksetzungen erscheinen hier binnen Sekunden.',
  pick: 'Wählen Sie eine E-Mail aus, um sie zu lesen.',
  to: 'An',
  replyTo: 'Antwort an',
  html: 'HTML',
  text: 'Text',
  view: 'Version',
  back: 'Alle E-Mails',
  home: 'Startseite',
  frameTitle: 'E-Mail: {{subject}}',
  noText: 'Diese E-Mail hat keine Textversion.',
};

export const locales = { en, es, fr, de };
