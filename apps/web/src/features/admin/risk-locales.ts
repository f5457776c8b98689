import { T } from '@coinlane/core/texts';

/**
 * Message catalogue of risk, Approve and the compliance export in Transaction Management (the `adminRisk`
 * namespace; decision 021): en (spec texts by reference), es, fr, de. Spanish uses "tú", French and German the
 * formal form. Fraud flags are shown as the server stores them, underscores as spaces (admin spec 3).
 */
const en = {
  payerAddresses: 'Payer addresses',
  noPayerAddresses: 'Not known',
  scoredAt: 'Scored {{date}}',
  notScoredYet: 'Not scored yet (5: unknown)',
  rulesNote: 'Score 1-10 from the documented risk rules: low 1-3, medium 4-6, high 7-10.',
  customerIpDeleted: 'Deleted after the retention period',
  approve: 'Approve',
  approveTitle: 'Approve transaction',
  approveIntro:
    'The money of this payment arrived on chain but the rules have not confirmed it. Approving marks it completed and sends payment.confirmed to the merchant; no funds move.',
  approveReason: 'Reason',
  approveReasonHint: 'Required. Kept with the approval and in the audit trail.',
  approveReasonRequired: T.approveReasonRequired,
  approveConfirm: 'Approve transaction',
  approveCancel: 'Cancel',
  approveFailed: T.approveTransactionFailed,
  approved: 'Transaction approved.',
  approval: 'Approval',
  approvedBy: 'Approved by {{who}} on {{date}}',
  complianceExport: 'Compliance Export',
  complianceExportHint: 'Flagged transactions (risk above 6 or any fraud flag) as CSV',
  complianceExported: 'Downloaded {{file}}.',
  complianceExportFailed: 'The compliance export failed. Please try again.',
};
type Messages = { [K in keyof typeof en]: string };

const es: Messages = {
  payerAddresses: 'Direcciones del pagador',
  noPayerAddresses: 'Desconocidas',
  scoredAt: 'Evaluado el {{date}}',
  notScoredYet: 'Aún sin evaluar (5: desconocido)',
  rulesNote: 'Puntuación de 1 a 10 según las reglas de riesgo documentadas: bajo 1-3, medio 4-6, alto 7-10.',
  customerIpDeleted: 'Eliminada tras el periodo de conservación',
  approve: 'Aprobar',
  approveTitle: 'Aprobar transacción',
  approveIntro:
    'El dinero de este pago llegó a la cadena, pero las reglas aún no lo han confirmado. Al aprobarlo queda completado y el comercio recibe payment.confirmed; no se mueven fondos.',
  approveReason: 'Motivo',
  approveReasonHint: 'Obligatorio. Se guarda con la aprobación y en el registro de auditoría.',
  approveReasonRequired: 'Indica un motivo para la aprobación',
  approveConfirm: 'Aprobar transacción',
  approveCancel: 'Cancelar',
  approveFailed: 'No se pudo aprobar la transacción. Inténtalo de nuevo.',
  approved: 'Transacción aprobada.',
  approval: 'Aprobación',
  approvedBy: 'Aprobada por {{who}} el {{date}}',
  complianceExport: 'Exportación de cumplimiento',
  complianceExportHint: 'Transacciones señaladas (riesgo superior a 6 o alguna alerta de fraude) en CSV',
  complianceExported: 'Se descargó {{file}}.',
  complianceExportFailed: 'La exportación de cumplimiento falló. Inténtalo de nuevo.',
};

const fr: Messages = {
  payerAddresses: 'Adresses du payeur',
  noPayerAddresses: 'Inconnues',
  scoredAt: 'Évalué le {{date}}',
  notScoredYet: 'Pas encore évalué (5 : inconnu)',
  rulesNote: 'Score de 1 à 10 selon les règles de risque documentées : faible 1-3, moyen 4-6, élevé 7-10.',
  customerIpDeleted: 'Supprimée après la durée de conservation',
  approve: 'Approuver',
  approveTitle: 'Approuver la transaction',
  approveIntro:
    'Les fonds de ce paiement sont arrivés sur la blockchain, mais les règles ne l’ont pas encore confirmé. L’approbation le marque comme terminé et envoie payment.confirmed au marchand ; aucun fonds ne bouge.',
  approveReason: 'Motif',
  approveReasonHint: 'Obligatoire. Conservé avec l’approbation et dans le journal d’audit.',
  approveReasonRequired: 'Veuillez indiquer le motif de l’approbation',
  approveConfirm: 'Approuver la transaction',
  approveCancel: 'Annuler',
  approveFailed: 'Impossible d’approuver la transaction. Veuillez réessayer.',
  approved: 'Transaction approuvée.',
  approval: 'Approbation',
  approvedBy: 'Approuvée par {{who}} le {{date}}',
  complianceExport: 'Export conformité',
  complianceExportHint: 'Transactions signalées (risque supérieur à 6 ou alerte de fraude) au format CSV',
  complianceExported: '{{file}} téléchargé.',
  complianceExportFailed: 'L’export conformité a échoué. Veuillez réessayer.',
};

const de: Messages = {
  payerAddresses: 'Zahleradressen',
  noPayerAddresses: 'Unbekannt',
  scoredAt: 'Bewertet am {{date}}',
  notScoredYet: 'Noch nicht bewertet (5: unbekannt)',
  rulesNote: 'Wert von 1 bis 10 nach den dokumentierten Risikoregeln: niedrig 1-3, mittel 4-6, hoch 7-10.',
  customerIpDeleted: 'Nach Ablauf der Aufbewahrungsfrist gelöscht',
  approve: 'Genehmigen',
  approveTitle: 'Transaktion genehmigen',
  approveIntro:
    'Das Geld dieser Zahlung ist auf der Blockchain eingegangen, aber die Regeln haben sie noch nicht bestätigt. Die Genehmigung markiert sie als abgeschlossen und sendet payment.confirmed an den Händler; es werden keine Gelder bewegt.',
  approveReason: 'Begründung',
  approveReasonHint: 'Pflichtfeld. Wird mit der Genehmigung und im Prüfprotokoll gespeichert.',
  approveReasonRequired: 'Bitte geben Sie eine Begründung für die Genehmigung an',
  approveConfirm: 'Transaktion genehmigen',
  approveCancel: 'Abbrechen',
  approveFailed: 'Die Transaktion konnte nicht genehmigt werden. Bitte versuchen Sie es erneut.',
  approved: 'Transaktion genehmigt.',
  approval: 'Genehmigung',
  approvedBy: 'Genehmigt von {{who}} am {{date}}',
  complianceExport: 'Compliance-Export',
  complianceExportHint: 'Markierte Transaktionen (Risiko über 6 oder ein Betrugsmerkmal) als CSV',
  complianceExported: '{{file}} heruntergeladen.',
  complianceExportFailed: 'Der Compliance-Export ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
};

export const locales = { en, es, fr, de };
