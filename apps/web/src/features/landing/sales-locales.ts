import { T } from '@coinlane/core/texts';

/**
 * The "Talk to Sales" form's catalogue (namespace `sales`): en, es, fr, de. Loaded with the form itself (a lazy
 * chunk), not with the landing page, which stays as light as it was.
 */
const en = {
  title: 'Talk to Sales',
  description: 'Tell us about your business and we will reply by email.',
  name: 'Name',
  email: 'Email',
  company: 'Company',
  optional: 'Optional',
  message: 'Message',
  messagePlaceholder: 'Volumes, coins, integration: what would you like to know?',
  trap: 'Leave this field empty',
  privacy: 'We use these details only to answer you.',
  submit: 'Send message',
  close: 'Close',
  done: 'Close',
  sent: T.contactSent,
  failed: T.contactFailed,
  tooMany: T.contactTooMany,
  errors: {
    nameRequired: T.contactNameRequired,
    nameTooLong: 'Name must be at most {{count}} characters',
    companyTooLong: 'Company must be at most {{count}} characters',
    emailRequired: T.emailRequired,
    emailInvalid: T.emailInvalid,
    messageRequired: T.contactMessageRequired,
    messageTooLong: 'Message must be at most {{count}} characters',
  },
};

/** The same keys as English, any text. */
type Shape<M> = { [K in keyof M]: M[K] extends string ? string : Shape<M[K]> };
type Messages = Shape<typeof en>;

const es: Messages = {
  title: 'Hablar con ventas',
  description: 'Cuéntanos sobre tu negocio y te responderemos por correo.',
  name: 'Nombre',
  email: 'Correo electrónico',
  company: 'Empresa',
  optional: 'Opcional',
  message: 'Mensaje',
  messagePlaceholder: 'Volúmenes, monedas, integración: ¿qué te gustaría saber?',
  trap: 'Deja este campo vacío',
  privacy: 'Usamos estos datos solo para responderte.',
  submit: 'Enviar mensaje',
  close: 'Cerrar',
  done: 'Cerrar',
  sent: '¡Gracias! Tu mensaje se ha enviado. Te responderemos a tu dirección de correo.',
  failed: 'No se pudo enviar tu mensaje. Inténtalo de nuevo.',
  tooMany: 'Has enviado varios mensajes en la última hora. Inténtalo más tarde.',
  errors: {
    nameRequired: 'Introduce tu nombre',
    nameTooLong: 'El nombre debe tener como máximo {{count}} caracteres',
    companyTooLong: 'La empresa debe tener como máximo {{count}} caracteres',
    emailRequired: 'El correo electrónico es obligatorio',
    emailInvalid: 'Introduce una dirección de correo válida',
    messageRequired: 'Escribe un mensaje',
    messageTooLong: 'El mensaje debe tener como máximo {{count}} caracteres',
  },
};

const fr: Messages = {
  title: "Contacter l'équipe commerciale",
  description: 'Parlez-nous de votre activité : nous vous répondrons par e-mail.',
  name: 'Nom',
  email: 'E-mail',
  company: 'Entreprise',
  optional: 'Facultatif',
  message: 'Message',
  messagePlaceholder: 'Volumes, cryptomonnaies, intégration : que souhaitez-vous savoir ?',
  trap: 'Laissez ce champ vide',
  privacy: 'Nous utilisons ces informations uniquement pour vous répondre.',
  submit: 'Envoyer le message',
  close: 'Fermer',
  done: 'Fermer',
  sent: 'Merci ! Votre message a été envoyé. Nous vous répondrons à votre adresse e-mail.',
  failed: "Votre message n'a pas pu être envoyé. Veuillez réessayer.",
  tooMany: 'Vous avez envoyé plusieurs messages au cours de la dernière heure. Veuillez réessayer plus tard.',
  errors: {
    nameRequired: 'Veuillez saisir votre nom',
    nameTooLong: 'Le nom doit comporter au plus {{count}} caractères',
    companyTooLong: "Le nom de l'entreprise doit comporter au plus {{count}} caractères",
    emailRequired: "L'e-mail est obligatoire",
    emailInvalid: 'Veuillez saisir une adresse e-mail valide',
    messageRequired: 'Veuillez saisir un message',
    messageTooLong: 'Le message doit comporter au plus {{count}} caractères',
  },
};

const de: Messages = {
  title: 'Vertrieb kontaktieren',
  description: 'Erzählen Sie uns von Ihrem Unternehmen – wir antworten per E-Mail.',
  name: 'Name',
  email: 'E-Mail',
  company: 'Unternehmen',
  optional: 'Optional',
  message: 'Nachricht',
  messagePlaceholder: 'Volumen, Coins, Integration: Was möchten Sie wissen?',
  trap: 'Dieses Feld leer lassen',
  privacy: 'Wir verwenden diese Angaben nur, um Ihnen zu antworten.',
  submit: 'Nachricht senden',
  close: 'Schließen',
  done: 'Schließen',
  sent: 'Vielen Dank! Ihre Nachricht wurde gesendet. Wir antworten an Ihre E-Mail-Adresse.',
  failed: 'Ihre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
  tooMany:
    'Sie haben in der letzten Stunde mehrere Nachrichten gesendet. Bitte versuchen Sie es später erneut.',
  errors: {
    nameRequired: 'Bitte geben Sie Ihren Namen ein',
    nameTooLong: 'Der Name darf höchstens {{count}} Zeichen lang sein',
    companyTooLong: 'Der Unternehmensname darf höchstens {{count}} Zeichen lang sein',
    emailRequired: 'E-Mail ist erforderlich',
    emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    messageRequired: 'Bitte geben Sie eine Nachricht ein',
    messageTooLong: 'Die Nachricht darf höchstens {{count}} Zeichen lang sein',
  },
};

export const locales = { en, es, fr, de };
