import { KYC_REASON_MAX } from '@coinlane/core/api/kyc';
import { T } from '@coinlane/core/texts';

/**
 * Message catalogue of the KYC review in User Management's details (namespace `adminKyc`): en, es, fr, de. The
 * section title and the empty text are the spec's (texts.ts).
 */
const en = {
  title: T.submittedDocuments,
  empty: T.noDocuments,
  loading: 'Loading documents…',
  loadFailed: 'Failed to load the documents.',
  retry: 'Retry',
  kinds: {
    identity: 'Identity document',
    proof_of_address: 'Proof of address',
    business_registration: 'Business registration',
  },
  uploaded: 'Uploaded {{date}}',
  view: 'View',
  viewLabel: 'View {{name}}',
  notRequired: 'KYC is not required at the moment (System Settings).',
  rejectedBecause: 'Rejected: {{reason}}',
  reviewedOn: 'Reviewed {{date}}',
  verify: 'Verify',
  reject: 'Reject',
  reasonLabel: 'Reason for the rejection (e-mailed to the merchant)',
  reasonPlaceholder: 'What is wrong, and what the merchant should send instead',
  confirmReject: 'Reject documents',
  cancel: T.cancel,
  verified: 'The documents of {{name}} are verified. The merchant has been e-mailed.',
  rejected: 'The documents of {{name}} are rejected. The merchant has been e-mailed the reason.',
  failed: 'Failed to save the review. Please try again.',
  errors: {
    reasonRequired: T.kycReasonRequired,
    reasonTooLong: `The reason must be at most ${KYC_REASON_MAX} characters.`,
    nothingToVerify: T.kycNothingToVerify,
    unchanged: T.kycUnchanged,
  },
};

/** The English catalogue's shape, every text a string. */
type Widen<M> = { [K in keyof M]: M[K] extends string ? string : Widen<M[K]> };
type Catalogue = Widen<typeof en>;

const es: Catalogue = {
  title: 'Documentos enviados',
  empty: 'No se han enviado documentos',
  loading: 'Cargando documentos…',
  loadFailed: 'No se pudieron cargar los documentos.',
  retry: 'Reintentar',
  kinds: {
    identity: 'Documento de identidad',
    proof_of_address: 'Justificante de domicilio',
    business_registration: 'Registro mercantil',
  },
  uploaded: 'Subido el {{date}}',
  view: 'Ver',
  viewLabel: 'Ver {{name}}',
  notRequired: 'El KYC no es obligatorio ahora mismo (Configuración del sistema).',
  rejectedBecause: 'Rechazado: {{reason}}',
  reviewedOn: 'Revisado el {{date}}',
  verify: 'Verificar',
  reject: 'Rechazar',
  reasonLabel: 'Motivo del rechazo (se envía por correo al comerciante)',
  reasonPlaceholder: 'Qué falla y qué debe enviar el comerciante en su lugar',
  confirmReject: 'Rechazar documentos',
  cancel: 'Cancelar',
  verified: 'Los documentos de {{name}} están verificados. Se ha avisado al comerciante por correo.',
  rejected: 'Los documentos de {{name}} han sido rechazados. Se ha enviado el motivo al comerciante.',
  failed: 'No se pudo guardar la revisión. Inténtalo de nuevo.',
  errors: {
    reasonRequired: 'Indica el motivo del rechazo: se envía por correo al comerciante.',
    reasonTooLong: `El motivo debe tener como máximo ${KYC_REASON_MAX} caracteres.`,
    nothingToVerify: 'El comerciante no ha enviado documentos: no hay nada que verificar.',
    unchanged: 'Los documentos ya están verificados.',
  },
};

const fr: Catalogue = {
  title: 'Documents soumis',
  empty: 'Aucun document soumis',
  loading: 'Chargement des documents…',
  loadFailed: 'Impossible de charger les documents.',
  retry: 'Réessayer',
  kinds: {
    identity: "Pièce d'identité",
    proof_of_address: 'Justificatif de domicile',
    business_registration: "Immatriculation de l'entreprise",
  },
  uploaded: 'Envoyé le {{date}}',
  view: 'Voir',
  viewLabel: 'Voir {{name}}',
  notRequired: "Le KYC n'est pas exigé pour le moment (Paramètres système).",
  rejectedBecause: 'Refusé : {{reason}}',
  reviewedOn: 'Examiné le {{date}}',
  verify: 'Vérifier',
  reject: 'Refuser',
  reasonLabel: 'Motif du refus (envoyé par e-mail au marchand)',
  reasonPlaceholder: 'Ce qui ne va pas, et ce que le marchand doit envoyer à la place',
  confirmReject: 'Refuser les documents',
  cancel: 'Annuler',
  verified: 'Les documents de {{name}} sont vérifiés. Le marchand a été prévenu par e-mail.',
  rejected: 'Les documents de {{name}} sont refusés. Le motif a été envoyé au marchand.',
  failed: "Impossible d'enregistrer l'examen. Veuillez réessayer.",
  errors: {
    reasonRequired: 'Indiquez le motif du refus : il est envoyé par e-mail au marchand.',
    reasonTooLong: `Le motif doit compter au plus ${KYC_REASON_MAX} caractères.`,
    nothingToVerify: "Le marchand n'a soumis aucun document : il n'y a rien à vérifier.",
    unchanged: 'Les documents sont déjà vérifiés.',
  },
};

const de: Catalogue = {
  title: 'Eingereichte Dokumente',
  empty: 'Keine Dokumente eingereicht',
  loading: 'Dokumente werden geladen…',
  loadFailed: 'Die Dokumente konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  kinds: {
    identity: 'Ausweisdokument',
    proof_of_address: 'Adressnachweis',
    business_registration: 'Handelsregisterauszug',
  },
  uploaded: 'Hochgeladen am {{date}}',
  view: 'Ansehen',
  viewLabel: '{{name}} ansehen',
  notRequired: 'KYC ist derzeit nicht verpflichtend (Systemeinstellungen).',
  rejectedBecause: 'Abgelehnt: {{reason}}',
  reviewedOn: 'Geprüft am {{date}}',
  verify: 'Verifizieren',
  reject: 'Ablehnen',
  reasonLabel: 'Grund der Ablehnung (wird dem Händler per E-Mail gesendet)',
  reasonPlaceholder: 'Was nicht stimmt und was der Händler stattdessen einreichen soll',
  confirmReject: 'Dokumente ablehnen',
  cancel: 'Abbrechen',
  verified: 'Die Dokumente von {{name}} sind verifiziert. Der Händler wurde per E-Mail benachrichtigt.',
  rejected: 'Die Dokumente von {{name}} wurden abgelehnt. Der Händler hat den Grund per E-Mail erhalten.',
  failed: 'Die Prüfung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  errors: {
    reasonRequired: 'Geben Sie den Grund der Ablehnung an: Er wird dem Händler per E-Mail gesendet.',
    reasonTooLong: `Der Grund darf höchstens ${KYC_REASON_MAX} Zeichen lang sein.`,
    nothingToVerify: 'Der Händler hat keine Dokumente eingereicht: Es gibt nichts zu verifizieren.',
    unchanged: 'Die Dokumente sind bereits verifiziert.',
  },
};

export const locales = { en, es, fr, de };
