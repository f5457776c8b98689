import type { TSubscriptionTexts } from './en.ts';

/** Spanish texts of the subscribe page and the subscriber's portal (loaded only when chosen). */
const es: TSubscriptionTexts = {
  'sub.docTitle': 'Suscripción · Coinlane',
  'sub.merchantLabel': 'Suscripción con',
  'sub.perMonth': '{{price}} / mes',
  'sub.perYear': '{{price}} / año',
  'sub.notFoundBody': 'Revisa el enlace o pide uno nuevo al comercio.',

  'subscribe.pageTitle': 'Suscribirse a {{plan}} · {{merchant}}',
  'subscribe.loading': 'Cargando el plan...',
  'subscribe.features': 'Qué incluye',
  'subscribe.formTitle': 'Suscríbete',
  'subscribe.email': 'Correo electrónico',
  'subscribe.emailHint': 'Tus facturas y el enlace para gestionar tu suscripción se envían a esta dirección.',
  'subscribe.emailRequired': 'Introduce tu correo electrónico',
  'subscribe.emailInvalid': 'Introduce un correo electrónico válido',
  'subscribe.payWith': 'Pagar con',
  'subscribe.coinOption': '{{currency}} en {{network}}',
  'subscribe.coinInvalid': 'Elige una moneda para pagar',
  'subscribe.howItWorks': 'Cómo funciona',
  'subscribe.noteMonthly':
    'Cada mes es una factura que pagas en cripto desde tu propio monedero: nunca se cobra nada de forma automática.',
  'subscribe.noteYearly':
    'Cada año es una factura que pagas en cripto desde tu propio monedero: nunca se cobra nada de forma automática.',
  'subscribe.noteFirst': 'Pagas la primera factura en la página siguiente.',
  'subscribe.noteEmail':
    'Recibirás un correo con un enlace para gestionar tu suscripción: pagar tus facturas o cancelarla cuando quieras.',
  'subscribe.submit': 'Suscribirme',
  'subscribe.inactive': 'Este plan no admite nuevos suscriptores en este momento',
  'subscribe.noCoins': '{{merchant}} no acepta pagos para este plan en este momento.',
  'subscribe.notFound': 'Plan de suscripción no encontrado',
  'subscribe.loadFailed': 'No se pudo cargar el plan de suscripción',
  'subscribe.failed': 'No se pudo iniciar tu suscripción. Inténtalo de nuevo.',
  'subscribe.rateLimited':
    'Demasiadas solicitudes de suscripción. Espera un poco antes de volver a intentarlo.',
  'subscribe.exists':
    'Este correo electrónico ya tiene una suscripción a este plan. Usa el enlace de tu correo para pagarla o cancelarla.',

  'portal.pageTitle': 'Tu suscripción · {{merchant}}',
  'portal.loading': 'Cargando tu suscripción...',
  'portal.status': 'Estado',
  'portal.email': 'Correo electrónico',
  'portal.nextPayment': 'Próximo pago',
  'portal.periodEnd': 'El periodo actual termina',
  'portal.credit': 'Saldo a favor',
  'portal.creditHint': 'De un pago de más anterior; se usa en tu próxima factura.',
  'portal.cancelsAtPeriodEnd':
    'Tu suscripción termina con el periodo actual, el {{date}}. No se emitirá ninguna factura nueva.',
  'subStatus.incomplete': 'Incompleta',
  'subStatus.active': 'Activa',
  'subStatus.past_due': 'Pago vencido',
  'subStatus.cancelled': 'Cancelada',
  'subStatus.expired': 'Caducada',
  'statusHint.incomplete': 'Tu suscripción empieza cuando se paga su primera factura.',
  'statusHint.active': 'Tu suscripción está activa.',
  'statusHint.past_due': 'La factura de este periodo está sin pagar. Págala para conservar tu suscripción.',
  'statusHint.cancelled': 'Esta suscripción está cancelada. No se emitirán más facturas.',
  'statusHint.expired': 'Esta suscripción ha caducado. Renuévala para recibir una factura nueva.',
  'portal.openInvoice': 'Factura por pagar',
  'portal.amountDue': 'Importe a pagar',
  'portal.creditApplied': 'Saldo a favor aplicado: {{amount}}',
  'portal.dueDate': 'Vencimiento',
  'portal.forPeriod': 'Periodo',
  'portal.payInvoice': 'Pagar factura',
  'portal.payHint': 'Abre la página de pago, donde pagas en cripto desde tu monedero.',
  'portal.history': 'Historial de pagos',
  'portal.historyEmpty': 'Todavía no hay facturas pagadas.',
  'portal.colPeriod': 'Periodo',
  'portal.colAmount': 'Importe',
  'portal.colPaid': 'Pagada el',
  'portal.manage': 'Gestionar la suscripción',
  'portal.cancelAtPeriodEnd': 'Cancelar al final del periodo',
  'portal.cancelNow': 'Cancelar ahora',
  'portal.renew': 'Renovar',
  'portal.renewTitle': 'Renueva tu suscripción',
  'portal.renewHint':
    'Al renovar se emite una factura nueva; tu suscripción vuelve a estar activa cuando la pagas.',
  'portal.confirmPeriodEndTitle': '¿Cancelar al final del periodo?',
  'portal.confirmPeriodEndBody':
    'Tu suscripción sigue activa hasta el {{date}} y luego termina. No se emitirá ninguna factura nueva.',
  'portal.confirmNowTitle': '¿Cancelar tu suscripción ahora?',
  'portal.confirmNowBody':
    'Tu suscripción termina de inmediato y no se emitirán más facturas. No se puede deshacer.',
  'portal.keep': 'Mantener la suscripción',
  'portal.close': 'Cerrar',
  'portal.periodEndDone': 'Tu suscripción terminará el {{date}}.',
  'portal.cancelledDone': 'Tu suscripción está cancelada.',
  'portal.renewedDone': 'Ya tienes una factura nueva: págala para renovar tu suscripción.',
  'portal.actionFailed': 'No se pudo hacer el cambio. Inténtalo de nuevo.',
  'portal.actionInvalid':
    'Esta suscripción no se puede cambiar en su estado actual. Recarga la página para ver cómo está.',
  'portal.loadFailed': 'No se pudo cargar tu suscripción',
  'portal.linkInvalidTitle': 'Este enlace no funciona',
  'portal.linkInvalid': 'Este enlace de suscripción no es válido. Usa el enlace de tu correo más reciente.',
  'portal.linkExpiredTitle': 'Este enlace ha caducado',
  'portal.linkExpired': 'Este enlace de suscripción ha caducado. Usa el enlace de tu correo más reciente.',
  'portal.noTokenTitle': 'Abre el enlace de tu correo',
  'portal.noToken':
    'Por tu seguridad, la clave de tu enlace de suscripción no se guarda en la barra de direcciones. Vuelve a abrir el enlace de tu correo más reciente para gestionar tu suscripción.',
};

export default es;
