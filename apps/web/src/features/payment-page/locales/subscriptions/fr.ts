import type { TSubscriptionTexts } from './en.ts';

/** French texts of the subscribe page and the subscriber's portal (loaded only when chosen). */
const fr: TSubscriptionTexts = {
  'sub.docTitle': 'Abonnement · Coinlane',
  'sub.merchantLabel': 'Abonnement chez',
  'sub.perMonth': '{{price}} / mois',
  'sub.perYear': '{{price}} / an',
  'sub.notFoundBody': 'Vérifiez le lien, ou demandez-en un nouveau au marchand.',

  'subscribe.pageTitle': 'S’abonner à {{plan}} · {{merchant}}',
  'subscribe.loading': 'Chargement de l’offre...',
  'subscribe.features': 'Ce qui est inclus',
  'subscribe.formTitle': 'Abonnez-vous',
  'subscribe.email': 'E-mail',
  'subscribe.emailHint': 'Vos factures et le lien pour gérer votre abonnement sont envoyés à cette adresse.',
  'subscribe.emailRequired': 'Saisissez votre adresse e-mail',
  'subscribe.emailInvalid': 'Saisissez une adresse e-mail valide',
  'subscribe.payWith': 'Payer avec',
  'subscribe.coinOption': '{{currency}} sur {{network}}',
  'subscribe.coinInvalid': 'Choisissez une cryptomonnaie pour payer',
  'subscribe.howItWorks': 'Comment ça marche',
  'subscribe.noteMonthly':
    'Chaque mois est une facture que vous payez en crypto depuis votre propre portefeuille : rien n’y est jamais prélevé automatiquement.',
  'subscribe.noteYearly':
    'Chaque année est une facture que vous payez en crypto depuis votre propre portefeuille : rien n’y est jamais prélevé automatiquement.',
  'subscribe.noteFirst': 'Vous payez la première facture sur la page suivante.',
  'subscribe.noteEmail':
    'Vous recevrez un e-mail avec un lien pour gérer votre abonnement : payer vos factures ou résilier à tout moment.',
  'subscribe.submit': 'S’abonner',
  'subscribe.inactive': 'Cette offre n’accepte pas de nouveaux abonnés pour le moment',
  'subscribe.noCoins': '{{merchant}} n’accepte pas de paiements pour cette offre pour le moment.',
  'subscribe.notFound': 'Offre d’abonnement introuvable',
  'subscribe.loadFailed': 'Impossible de charger l’offre d’abonnement',
  'subscribe.failed': 'Votre abonnement n’a pas pu être créé. Veuillez réessayer.',
  'subscribe.rateLimited': 'Trop de demandes d’abonnement. Veuillez patienter un peu avant de réessayer.',
  'subscribe.exists':
    'Cette adresse e-mail a déjà un abonnement à cette offre. Utilisez le lien de votre e-mail pour le payer ou le résilier.',

  'portal.pageTitle': 'Votre abonnement · {{merchant}}',
  'portal.loading': 'Chargement de votre abonnement...',
  'portal.status': 'Statut',
  'portal.email': 'E-mail',
  'portal.nextPayment': 'Prochain paiement',
  'portal.periodEnd': 'Fin de la période en cours',
  'portal.credit': 'Avoir',
  'portal.creditHint': 'Issu d’un trop-payé précédent ; il sera utilisé sur votre prochaine facture.',
  'portal.cancelsAtPeriodEnd':
    'Votre abonnement prend fin avec la période en cours, le {{date}}. Aucune nouvelle facture ne sera émise.',
  'subStatus.incomplete': 'Incomplet',
  'subStatus.active': 'Actif',
  'subStatus.past_due': 'Impayé',
  'subStatus.cancelled': 'Résilié',
  'subStatus.expired': 'Expiré',
  'statusHint.incomplete': 'Votre abonnement commence lorsque sa première facture est payée.',
  'statusHint.active': 'Votre abonnement est actif.',
  'statusHint.past_due':
    'La facture de cette période n’est pas payée. Payez-la pour conserver votre abonnement.',
  'statusHint.cancelled': 'Cet abonnement est résilié. Aucune autre facture ne sera émise.',
  'statusHint.expired': 'Cet abonnement a expiré. Renouvelez-le pour recevoir une nouvelle facture.',
  'statusHint.expiredRenewing': 'Cet abonnement a expiré. Payez sa nouvelle facture pour le renouveler.',
  'portal.openInvoice': 'Facture à payer',
  'portal.amountDue': 'Montant dû',
  'portal.creditApplied': 'Avoir de {{amount}} déduit',
  'portal.dueDate': 'Échéance',
  'portal.forPeriod': 'Période',
  'portal.payInvoice': 'Payer la facture',
  'portal.payHint': 'Ouvre la page de paiement, où vous payez en crypto depuis votre portefeuille.',
  'portal.history': 'Historique des paiements',
  'portal.historyEmpty': 'Aucune facture payée pour le moment.',
  'portal.colPeriod': 'Période',
  'portal.colAmount': 'Montant',
  'portal.colPaid': 'Payée le',
  'portal.manage': 'Gérer l’abonnement',
  'portal.cancelAtPeriodEnd': 'Résilier en fin de période',
  'portal.cancelNow': 'Résilier maintenant',
  'portal.renew': 'Renouveler',
  'portal.renewTitle': 'Renouvelez votre abonnement',
  'portal.renewHint':
    'Le renouvellement émet une nouvelle facture ; votre abonnement redevient actif une fois celle-ci payée.',
  'portal.confirmPeriodEndTitle': 'Résilier en fin de période ?',
  'portal.confirmPeriodEndBody':
    'Votre abonnement reste actif jusqu’au {{date}}, puis prend fin. Aucune nouvelle facture ne sera émise.',
  'portal.confirmNowTitle': 'Résilier votre abonnement maintenant ?',
  'portal.confirmNowBody':
    'Votre abonnement prend fin immédiatement et aucune autre facture ne sera émise. Cette action est irréversible.',
  'portal.keep': 'Garder l’abonnement',
  'portal.close': 'Fermer',
  'portal.periodEndDone': 'Votre abonnement prendra fin le {{date}}.',
  'portal.cancelledDone': 'Votre abonnement est résilié.',
  'portal.renewedDone': 'Une nouvelle facture est prête : payez-la pour renouveler votre abonnement.',
  'portal.actionFailed': 'La modification n’a pas pu être effectuée. Veuillez réessayer.',
  'portal.actionInvalid':
    'Cet abonnement ne peut pas être modifié dans son état actuel. Rechargez la page pour voir où il en est.',
  'portal.loadFailed': 'Impossible de charger votre abonnement',
  'portal.linkInvalidTitle': 'Ce lien ne fonctionne pas',
  'portal.linkInvalid':
    'Ce lien d’abonnement n’est pas valide. Veuillez utiliser le lien de votre dernier e-mail.',
  'portal.linkExpiredTitle': 'Ce lien a expiré',
  'portal.linkExpired': 'Ce lien d’abonnement a expiré. Veuillez utiliser le lien de votre dernier e-mail.',
  'portal.noTokenTitle': 'Ouvrez le lien de votre e-mail',
  'portal.noToken':
    'Pour votre sécurité, la clé de votre lien d’abonnement n’est pas conservée dans la barre d’adresse. Ouvrez à nouveau le lien de votre dernier e-mail pour gérer votre abonnement.',
};

export default fr;
