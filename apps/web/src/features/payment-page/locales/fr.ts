import type { TPaymentTexts } from './en.ts';

/** French texts of the hosted payment page (loaded only when chosen). */
const fr: TPaymentTexts = {
  pageTitle: 'Payer {{merchant}}',
  loading: 'Chargement du paiement...',
  preparing: 'Préparation de votre paiement...',
  errorTitle: 'Erreur de paiement',
  tryAgain: 'Réessayer',
  language: 'Langue',
  payTo: 'Paiement à',
  testBadge: 'Mode test',
  live: 'Mises à jour en temps réel actives',
  checking: 'Recherche de mises à jour...',
  amountDue: 'Montant dû',
  remainingAmount: 'Montant restant',
  onNetwork: 'sur le réseau {{network}}',
  fiatApprox: '≈ {{amount}}',
  receivedOf: 'Reçu {{received}} sur {{amount}} {{currency}}',
  expiresIn: 'Temps restant pour payer',
  expiresHint: 'Le montant est garanti à ce taux jusqu’à la fin du minuteur.',
  priceLockedFor: 'Prix bloqué pendant',
  priceLockHint:
    'Si aucun paiement n’arrive avant la fin du minuteur, le montant est mis à jour au taux actuel.',
  linkExpiresIn: 'Ce lien expire dans',
  linkExpiresHint: 'Ensuite, ce lien n’accepte plus de paiements.',
  priceUpdated: 'Prix mis à jour',
  priceUpdatedBody:
    'Le blocage du prix a pris fin avant l’arrivée d’un paiement : le montant dû a été recalculé au taux actuel (il était de {{previous}} {{currency}}). Veuillez envoyer le nouveau montant.',
  'status.lockEnded': 'Blocage du prix terminé',
  lockEndedBody:
    'Aucun paiement n’est arrivé pendant que ce prix était bloqué. Réessayez pour obtenir le prix actuel.',
  linkEndedBody: '{{merchant}} n’accepte plus de paiements via ce lien.',
  contactMerchant: 'Pour payer ou poser une question, contactez {{merchant}} :',
  websiteLabel: 'Site web :',
  scan: 'Scannez avec votre portefeuille crypto',
  qrLabel: 'QR code de la demande de paiement de {{amount}} {{currency}}',
  addressLabel: 'Adresse {{currency}} ({{network}})',
  tokenContract: 'Contrat du jeton {{currency}} :',
  copyAddress: 'Copier l’adresse',
  copyUri: 'Copier l’URI de paiement',
  addressCopied: 'Adresse copiée !',
  uriCopied: 'URI de paiement copiée !',
  copyFailed: 'Copie impossible. Sélectionnez le texte et copiez-le à la main.',
  howToPay: 'Comment payer',
  step1: 'Ouvrez votre portefeuille et scannez le QR code, ou copiez l’adresse.',
  step2: 'Envoyez exactement {{amount}} {{currency}} sur le réseau {{network}}.',
  step3: 'Gardez cette page ouverte : elle se met à jour dès l’arrivée de votre paiement.',
  networkWarning:
    'N’envoyez que des {{currency}} sur {{network}}. Des fonds envoyés sur un autre réseau peuvent être perdus.',
  exchangeWarning:
    'Vous payez depuis une plateforme d’échange ? Choisissez {{standard}} ({{network}}) comme réseau de retrait. Des {{currency}} retirés sur un autre réseau n’arrivent pas ici.',
  'status.pending': 'En attente de votre paiement',
  'status.detected': 'Paiement reçu, en attente des confirmations du réseau',
  'status.partial': 'Paiement partiel reçu. Veuillez envoyer le montant restant.',
  'status.confirmed': 'Paiement confirmé',
  'status.failed': 'Le paiement a échoué',
  'status.expired': 'Le paiement a expiré',
  confirmations: 'Confirmations : {{count}} sur {{required}}',
  confirmedTitle: 'Merci pour votre paiement',
  confirmedBody: '{{merchant}} a bien reçu {{amount}} {{currency}}.',
  closePage: 'Vous pouvez maintenant fermer cette page',
  returnToMerchant: 'Retour vers {{merchant}}',
  returnCountdown: 'Retour automatique vers {{merchant}} dans {{seconds}} s.',
  returnStay: 'Rester sur cette page',
  transaction: 'Transaction',
  expiredBody: 'Le délai pour payer ce montant est écoulé.',
  failedBody: 'Ce paiement n’a pas pu aboutir.',
  retryHint: 'Réessayer lance un nouveau paiement au taux actuel.',
  'exception.paid_over': 'Vous avez payé plus que demandé ; le marchand a été prévenu.',
  'exception.paid_late':
    'Votre paiement est arrivé après la fin du délai de paiement. Il a été enregistré et le marchand a été prévenu : contactez-le pour régulariser.',
  'errors.notFound': 'Lien de paiement introuvable',
  'errors.merchantUnavailable': 'Ce marchand n’accepte pas de paiements pour le moment',
  'errors.merchantUnavailableBody':
    'Aucun montant n’a été débité. Veuillez contacter le marchand pour payer autrement.',
  'errors.maintenance': 'Paiements suspendus pour maintenance',
  'errors.maintenanceBody':
    'Cette page n’accepte pas de nouveaux paiements pendant la maintenance de la plateforme. Aucun montant n’a été débité. Veuillez réessayer plus tard.',
  'errors.currencyUnavailable':
    'Cette page de paiement n’accepte pas de paiements en {{currency}} pour le moment',
  'errors.currencyUnavailableBody':
    'Aucun montant n’a été débité. Contactez le marchand pour payer autrement.',
  'errors.linkExpired': 'Ce lien de paiement a expiré',
  'errors.loadFailed': 'Impossible de charger le paiement',
  'errors.pageLoadFailed': 'Cette page n’a pas pu être chargée',
  'errors.pageLoadFailedBody': 'Vérifiez votre connexion et réessayez.',
  'errors.createFailed': 'Impossible de créer le paiement',
  'errors.rateLimited': 'Trop de requêtes. Veuillez patienter un instant avant de réessayer.',
  'errors.fundsOnExpired':
    'Une partie du montant est arrivée avant la fin du délai de paiement. Elle a été enregistrée : contactez le marchand pour régulariser.',
  'errors.simulateFailed': 'Le paiement simulé n’a pas pu être envoyé. Veuillez réessayer.',
  'test.title': 'Mode test — aucun fonds réel',
  'test.body': 'Ce paiement passe par un réseau simulé. Envoyez un virement simulé :',
  'test.full': 'Simuler le paiement complet',
  'test.partial': 'Simuler un paiement partiel',
  'test.over': 'Simuler un trop-perçu',
  'test.fullHint': '{{amount}} {{currency}}',
  'test.partialHint': 'La moitié du restant : {{amount}} {{currency}}',
  'test.overHint': 'Restant + 10 % : {{amount}} {{currency}}',
  'test.waiting':
    'Les blocs simulés arrivent toutes les quelques secondes ; les confirmations avancent seules.',
  secured: 'Sécurisé par Coinlane',
  nonCustodial: 'Sans dépôt : votre paiement va directement au portefeuille du marchand.',
  'conversion.title': '{{merchant}} reçoit des {{to}}',
  'conversion.body':
    'Vos {{currency}} passent par {{provider}}, une plateforme d’échange, pendant les quelques minutes de la conversion : {{provider}} les convertit à un cours garanti et envoie des {{to}} à {{merchant}} sur {{network}}. Coinlane ne détient jamais vos fonds.',
  'conversion.exact':
    'Envoyez exactement ce montant avant la fin du compte à rebours. Un autre montant ou un paiement tardif n’est pas converti : {{provider}} le renvoie à {{merchant}}, que vous devrez alors contacter.',
  confirmedBodyConverted:
    'Vos {{amount}} {{currency}} sont arrivés chez {{provider}}, qui envoie des {{to}} à {{merchant}}.',
  'errors.conversionUnavailable':
    'La plateforme d’échange qui convertit ce paiement pour le marchand n’est pas disponible pour le moment. Rien n’a été débité : veuillez réessayer dans quelques minutes.',
  nonCustodialConverted:
    'Votre paiement passe par {{provider}} le temps de la conversion ; Coinlane ne le détient jamais.',
};

export default fr;
