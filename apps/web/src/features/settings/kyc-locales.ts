import { KYC_MAX_DOCUMENTS } from '@coinlane/core/api/kyc';
import { T } from '@coinlane/core/texts';

/**
 * Message catalogue of the settings page's Identity verification (KYC) section (namespace `kyc`): en, es, fr, de.
 * The server's refusals are the catalogue's texts (packages/core texts.ts), translated here by their key.
 */
const en = {
  title: 'Identity verification (KYC)',
  description:
    'Live payments need an approved account. Submit your identity and business documents: an administrator reviews them.',
  approved:
    'Your account is approved: live payments are open. Documents you send are still reviewed by an administrator.',
  notRequired:
    'Identity documents are not required at the moment. You can still see and delete the ones you sent.',
  statusLabel: 'Verification status',
  status: { pending: 'Pending', verified: 'Verified', rejected: 'Rejected' },
  statusText: {
    none: 'No document submitted yet. Start with an identity document (passport or ID card).',
    pending: 'Your documents are waiting for review. You will be told by e-mail.',
    verified: 'Your documents are verified. They can no longer be changed.',
    rejected: 'Your documents were not accepted. Upload new ones: your account goes back into review.',
  },
  reasonLabel: 'Reason given:',
  kindLabel: 'Document type',
  kinds: {
    identity: 'Identity document',
    proof_of_address: 'Proof of address',
    business_registration: 'Business registration',
  },
  fileLabel: 'File',
  choose: 'Choose file',
  chosen: 'Selected: {{name}}',
  noFile: 'No file chosen',
  upload: 'Upload document',
  hint: 'PDF, JPG or PNG, up to {{mb}} MB, {{max}} documents at most. Stored encrypted: only you and the platform’s reviewers can open them.',
  uploaded: 'Document uploaded: {{name}}',
  listTitle: 'Submitted documents',
  empty: 'No documents submitted',
  uploadedOn: 'Uploaded {{date}}',
  download: 'Download',
  downloadLabel: 'Download {{name}}',
  delete: 'Delete',
  deleteLabel: 'Delete {{name}}',
  deleteTitle: 'Delete document',
  deleteText: 'Delete “{{name}}”? Reviewers will no longer see it.',
  cancel: T.cancel,
  close: 'Close',
  deleted: 'Document deleted',
  full: `You have submitted ${KYC_MAX_DOCUMENTS} documents, the most one account can keep: delete one to add another.`,
  loadFailed: 'Failed to load your documents',
  retry: 'Try again',
  errors: {
    type: T.kycTypeNotAllowed,
    tooLarge: 'The document is larger than {{mb}} MB. Please upload a smaller file.',
    tooMany: 'You have already submitted {{max}} documents: delete one before adding another.',
    notRequired: T.kycNotRequired,
    verified: T.kycAlreadyVerified,
    fileRequired: 'Please choose a file to upload (PDF, JPG or PNG).',
    notFound: T.kycDocumentNotFound,
    uploadFailed: 'Failed to upload the document. Please try again.',
    deleteFailed: 'Failed to delete the document. Please try again.',
  },
};

/** The English catalogue's shape, every text a string. */
type Widen<M> = { [K in keyof M]: M[K] extends string ? string : Widen<M[K]> };
type Catalogue = Widen<typeof en>;

const es: Catalogue = {
  title: 'Verificación de identidad (KYC)',
  description:
    'Los pagos reales requieren una cuenta aprobada. Envía tus documentos de identidad y de empresa: un administrador los revisa.',
  approved:
    'Tu cuenta está aprobada: los pagos reales están abiertos. Un administrador sigue revisando los documentos que envíes.',
  notRequired: 'Ahora mismo no se piden documentos de identidad. Aún puedes ver y eliminar los que enviaste.',
  statusLabel: 'Estado de la verificación',
  status: { pending: 'Pendiente', verified: 'Verificada', rejected: 'Rechazada' },
  statusText: {
    none: 'Aún no has enviado ningún documento. Empieza por un documento de identidad (pasaporte o DNI).',
    pending: 'Tus documentos esperan revisión. Te avisaremos por correo.',
    verified: 'Tus documentos están verificados. Ya no se pueden cambiar.',
    rejected: 'Tus documentos no fueron aceptados. Sube otros nuevos: tu cuenta vuelve a revisión.',
  },
  reasonLabel: 'Motivo indicado:',
  kindLabel: 'Tipo de documento',
  kinds: {
    identity: 'Documento de identidad',
    proof_of_address: 'Justificante de domicilio',
    business_registration: 'Registro mercantil',
  },
  fileLabel: 'Archivo',
  choose: 'Elegir archivo',
  chosen: 'Seleccionado: {{name}}',
  noFile: 'Ningún archivo elegido',
  upload: 'Subir documento',
  hint: 'PDF, JPG o PNG, hasta {{mb}} MB, {{max}} documentos como máximo. Se guardan cifrados: solo tú y los revisores de la plataforma pueden abrirlos.',
  uploaded: 'Documento subido: {{name}}',
  listTitle: 'Documentos enviados',
  empty: 'No se han enviado documentos',
  uploadedOn: 'Subido el {{date}}',
  download: 'Descargar',
  downloadLabel: 'Descargar {{name}}',
  delete: 'Eliminar',
  deleteLabel: 'Eliminar {{name}}',
  deleteTitle: 'Eliminar documento',
  deleteText: '¿Eliminar «{{name}}»? Los revisores ya no lo verán.',
  cancel: 'Cancelar',
  close: 'Cerrar',
  deleted: 'Documento eliminado',
  full: `Has enviado ${KYC_MAX_DOCUMENTS} documentos, el máximo por cuenta: elimina uno para añadir otro.`,
  loadFailed: 'No se pudieron cargar tus documentos',
  retry: 'Reintentar',
  errors: {
    type: 'Este archivo no es un documento PDF, JPG o PNG (se juzga por su contenido, no por su nombre). Sube uno de esos formatos.',
    tooLarge: 'El documento supera los {{mb}} MB. Sube un archivo más pequeño.',
    tooMany: 'Ya has enviado {{max}} documentos: elimina uno antes de añadir otro.',
    notRequired: 'Esta plataforma no recoge documentos de identidad: el requisito KYC está desactivado.',
    verified:
      'Tus documentos están verificados: ya no se pueden cambiar. Contacta con soporte si algo no está bien.',
    fileRequired: 'Elige un archivo para subir (PDF, JPG o PNG).',
    notFound: 'Documento no encontrado',
    uploadFailed: 'No se pudo subir el documento. Inténtalo de nuevo.',
    deleteFailed: 'No se pudo eliminar el documento. Inténtalo de nuevo.',
  },
};

const fr: Catalogue = {
  title: "Vérification d'identité (KYC)",
  description:
    "Les paiements réels demandent un compte approuvé. Envoyez vos documents d'identité et d'entreprise : un administrateur les examine.",
  approved:
    'Votre compte est approuvé : les paiements réels sont ouverts. Un administrateur examine toujours les documents que vous envoyez.',
  notRequired:
    "Les documents d'identité ne sont pas demandés pour le moment. Vous pouvez toujours voir et supprimer ceux que vous avez envoyés.",
  statusLabel: 'Statut de la vérification',
  status: { pending: 'En attente', verified: 'Vérifié', rejected: 'Refusé' },
  statusText: {
    none: "Aucun document envoyé pour l'instant. Commencez par une pièce d'identité (passeport ou carte d'identité).",
    pending: 'Vos documents attendent leur examen. Vous serez prévenu par e-mail.',
    verified: 'Vos documents sont vérifiés. Ils ne peuvent plus être modifiés.',
    rejected:
      "Vos documents n'ont pas été acceptés. Envoyez-en de nouveaux : votre compte repasse en examen.",
  },
  reasonLabel: 'Motif donné :',
  kindLabel: 'Type de document',
  kinds: {
    identity: "Pièce d'identité",
    proof_of_address: 'Justificatif de domicile',
    business_registration: "Immatriculation de l'entreprise",
  },
  fileLabel: 'Fichier',
  choose: 'Choisir un fichier',
  chosen: 'Sélectionné : {{name}}',
  noFile: 'Aucun fichier choisi',
  upload: 'Envoyer le document',
  hint: "PDF, JPG ou PNG, jusqu'à {{mb}} Mo, {{max}} documents au plus. Stockés chiffrés : seuls vous et les vérificateurs de la plateforme peuvent les ouvrir.",
  uploaded: 'Document envoyé : {{name}}',
  listTitle: 'Documents envoyés',
  empty: 'Aucun document soumis',
  uploadedOn: 'Envoyé le {{date}}',
  download: 'Télécharger',
  downloadLabel: 'Télécharger {{name}}',
  delete: 'Supprimer',
  deleteLabel: 'Supprimer {{name}}',
  deleteTitle: 'Supprimer le document',
  deleteText: 'Supprimer « {{name}} » ? Les vérificateurs ne le verront plus.',
  cancel: 'Annuler',
  close: 'Fermer',
  deleted: 'Document supprimé',
  full: `Vous avez envoyé ${KYC_MAX_DOCUMENTS} documents, le maximum par compte : supprimez-en un pour en ajouter un autre.`,
  loadFailed: 'Impossible de charger vos documents',
  retry: 'Réessayer',
  errors: {
    type: "Ce fichier n'est pas un document PDF, JPG ou PNG (jugé sur son contenu, pas sur son nom). Veuillez envoyer l'un de ces formats.",
    tooLarge: 'Le document dépasse {{mb}} Mo. Veuillez envoyer un fichier plus petit.',
    tooMany: 'Vous avez déjà envoyé {{max}} documents : supprimez-en un avant d’en ajouter un autre.',
    notRequired: "Cette plateforme ne collecte pas de documents d'identité : l'exigence KYC est désactivée.",
    verified:
      'Vos documents sont vérifiés : ils ne peuvent plus être modifiés. Contactez le support si quelque chose ne va pas.',
    fileRequired: 'Veuillez choisir un fichier à envoyer (PDF, JPG ou PNG).',
    notFound: 'Document introuvable',
    uploadFailed: "Impossible d'envoyer le document. Veuillez réessayer.",
    deleteFailed: 'Impossible de supprimer le document. Veuillez réessayer.',
  },
};

const de: Catalogue = {
  title: 'Identitätsprüfung (KYC)',
  description:
    'Echte Zahlungen erfordern ein freigegebenes Konto. Reichen Sie Ihre Identitäts- und Unternehmensdokumente ein: Ein Administrator prüft sie.',
  approved:
    'Ihr Konto ist freigegeben: Echte Zahlungen sind möglich. Dokumente, die Sie einreichen, prüft weiterhin ein Administrator.',
  notRequired:
    'Identitätsdokumente werden derzeit nicht verlangt. Sie können die eingereichten weiterhin ansehen und löschen.',
  statusLabel: 'Status der Prüfung',
  status: { pending: 'Ausstehend', verified: 'Verifiziert', rejected: 'Abgelehnt' },
  statusText: {
    none: 'Noch kein Dokument eingereicht. Beginnen Sie mit einem Ausweisdokument (Reisepass oder Personalausweis).',
    pending: 'Ihre Dokumente warten auf die Prüfung. Sie werden per E-Mail benachrichtigt.',
    verified: 'Ihre Dokumente sind verifiziert. Sie können nicht mehr geändert werden.',
    rejected:
      'Ihre Dokumente wurden nicht akzeptiert. Laden Sie neue hoch: Ihr Konto wird dann erneut geprüft.',
  },
  reasonLabel: 'Angegebener Grund:',
  kindLabel: 'Dokumentart',
  kinds: {
    identity: 'Ausweisdokument',
    proof_of_address: 'Adressnachweis',
    business_registration: 'Handelsregisterauszug',
  },
  fileLabel: 'Datei',
  choose: 'Datei auswählen',
  chosen: 'Ausgewählt: {{name}}',
  noFile: 'Keine Datei ausgewählt',
  upload: 'Dokument hochladen',
  hint: 'PDF, JPG oder PNG, bis {{mb}} MB, höchstens {{max}} Dokumente. Verschlüsselt gespeichert: Nur Sie und die Prüfer der Plattform können sie öffnen.',
  uploaded: 'Dokument hochgeladen: {{name}}',
  listTitle: 'Eingereichte Dokumente',
  empty: 'Keine Dokumente eingereicht',
  uploadedOn: 'Hochgeladen am {{date}}',
  download: 'Herunterladen',
  downloadLabel: '{{name}} herunterladen',
  delete: 'Löschen',
  deleteLabel: '{{name}} löschen',
  deleteTitle: 'Dokument löschen',
  deleteText: '„{{name}}“ löschen? Die Prüfer sehen es dann nicht mehr.',
  cancel: 'Abbrechen',
  close: 'Schließen',
  deleted: 'Dokument gelöscht',
  full: `Sie haben ${KYC_MAX_DOCUMENTS} Dokumente eingereicht, das Maximum pro Konto: Löschen Sie eines, um ein weiteres hinzuzufügen.`,
  loadFailed: 'Ihre Dokumente konnten nicht geladen werden',
  retry: 'Erneut versuchen',
  errors: {
    type: 'Diese Datei ist kein PDF-, JPG- oder PNG-Dokument (geprüft am Inhalt, nicht am Namen). Bitte laden Sie eines dieser Formate hoch.',
    tooLarge: 'Das Dokument ist größer als {{mb}} MB. Bitte laden Sie eine kleinere Datei hoch.',
    tooMany:
      'Sie haben bereits {{max}} Dokumente eingereicht: Löschen Sie eines, bevor Sie ein weiteres hinzufügen.',
    notRequired: 'Diese Plattform sammelt keine Identitätsdokumente: Die KYC-Pflicht ist ausgeschaltet.',
    verified:
      'Ihre Dokumente sind verifiziert: Sie können nicht mehr geändert werden. Wenden Sie sich an den Support, wenn etwas nicht stimmt.',
    fileRequired: 'Bitte wählen Sie eine Datei zum Hochladen (PDF, JPG oder PNG).',
    notFound: 'Dokument nicht gefunden',
    uploadFailed: 'Das Dokument konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut.',
    deleteFailed: 'Das Dokument konnte nicht gelöscht werden. Bitte versuchen Sie es erneut.',
  },
};

export const locales = { en, es, fr, de };
