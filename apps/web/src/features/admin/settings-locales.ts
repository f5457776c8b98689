import { T } from '@coinlane/core/texts';

/** A spec text function as an i18next template: the argument becomes {{name}}. */
const ph = (name: string) => `{{${name}}}` as never;

/**
 * Message catalogue of System Settings (namespace `adminSettings`): en (spec texts by reference), es (tú), fr and
 * de (formal).
 */
const en = {
  title: T.systemSettingsTitle,
  subtitle: 'Platform configuration, cryptocurrencies, fees and maintenance',
  subtitleFees: 'The fees the platform charges',
  save: T.saveChanges,
  saved: T.settingsSavedShort,
  loadFailed: T.adminSettingsLoadFailed,
  saveFailed: T.adminSettingsSaveFailed(ph('reason')),
  retry: T.retry,
  cancel: T.cancel,
  close: 'Close',
  readOnly: 'You can view these settings. Changing them needs the settings.write permission.',
  readOnlyFees: 'You can view the fees. Changing them needs the settings.write or settings.fees permission.',
  tabsLabel: 'Settings sections',
  tabHasErrors: '(has errors)',
  tabs: {
    general: T.settingsTabGeneral,
    cryptocurrencies: T.settingsTabCryptocurrencies,
    fees: T.settingsTabFees,
    security: T.settingsTabSecurity,
    notifications: T.settingsTabNotifications,
    api: T.settingsTabApi,
  },
  notApplied: 'Stored only: the platform does not act on it yet.',
  cards: {
    general: { title: 'Platform', description: 'Name, contact and who may join.' },
    security: { title: 'Sign-in and passwords', description: 'Sessions, lockouts and the password policy.' },
    notifications: {
      title: 'Administrator alerts',
      description: 'Where the back-office is told about notable transactions.',
      notApplied:
        'Alerts appear on the Support page’s Health Monitor and are sent by email (to the support email and the administrators with support access), to the Slack and Discord webhooks given here, and for large, failed and high-risk transactions only while their switch is on. Merchants’ own payment emails follow their own settings.',
    },
    api: { title: 'API and webhooks', description: 'Request limits of the API and delivery of webhooks.' },
  },
  fields: {
    platform_name: { label: 'Platform name', hint: 'Shown on the public landing page.' },
    support_email: { label: 'Support email', hint: 'Receives the landing page’s Talk to Sales messages.' },
    maintenance_mode: {
      label: 'Maintenance mode',
      hint: 'On: merchants cannot change anything and hosted pages start no new payment; payments under way are still watched and credited. Administrators are not affected.',
    },
    registration_enabled: { label: 'Registration enabled', hint: 'Off: new sign-ups are refused.' },
    kyc_required: {
      label: 'KYC required',
      hint: 'On: new accounts stay pending until an administrator approves them. Off: they are active once their email is confirmed.',
    },
    max_daily_transactions: {
      label: 'Max daily transactions',
      hint: 'Live payments each merchant may create per day (UTC); test payments are not counted.',
    },
    session_timeout: {
      label: 'Session timeout (minutes)',
      hint: 'A session ends after this long without activity.',
    },
    max_login_attempts: {
      label: 'Max login attempts',
      hint: 'Failed sign-ins from one address before it is locked out.',
    },
    lockout_duration: { label: 'Lockout duration (minutes)', hint: 'How long a lockout lasts.' },
    password_min_length: { label: 'Minimum password length', hint: 'Characters, for new passwords.' },
    password_require_special: {
      label: 'Require special characters',
      hint: 'New passwords need at least one special character.',
    },
    email_notifications: { label: 'Email notifications', hint: '' },
    sms_notifications: {
      label: 'SMS notifications',
      hint: 'Not configured: no SMS provider is connected to this platform.',
    },
    slack_webhook: {
      label: 'Slack webhook URL',
      hint: '',
      placeholder: 'https://hooks.slack.com/services/…',
    },
    discord_webhook: {
      label: 'Discord webhook URL',
      hint: '',
      placeholder: 'https://discord.com/api/webhooks/…',
    },
    notify_high_risk_transactions: { label: 'High-risk transactions', hint: 'Risk score above 6.' },
    notify_failed_transactions: { label: 'Failed transactions', hint: '' },
    notify_large_transactions: {
      label: 'Large transactions',
      hint: 'At or above the large transaction threshold.',
    },
    large_transaction_threshold: { label: 'Large transaction threshold (USD)', hint: '' },
    rate_limit_per_minute: {
      label: 'Rate limit per minute',
      hint: 'Requests per API key, and per address on the public routes.',
    },
    rate_limit_per_hour: { label: 'Rate limit per hour', hint: 'The same, per hour.' },
    webhook_timeout: {
      label: 'Webhook timeout (seconds)',
      hint: 'How long a merchant’s endpoint has to answer.',
    },
    webhook_retries: { label: 'Webhook retries', hint: 'Further attempts after a failed delivery.' },
    api_version: {
      label: 'API version',
      hint: 'The version of the API this platform serves. Only v1 exists: v2 (Beta) cannot be chosen until it is released.',
    },
  },
  options: { api_version: { v1: 'v1', v2: 'v2 (Beta)' } },
  errors: {
    platformNameRequired: T.platformNameRequired,
    emailInvalid: T.emailInvalid,
    invalidUrl: T.invalidUrl,
    numberRange: T.settingNumberRange(ph('min'), ph('max')),
    feePercentageRange: T.feePercentageRange,
    feeAmountInvalid: T.feeAmountInvalid,
    feeMaximumBelowMinimum: T.feeMaximumBelowMinimum,
    apiVersionUnavailable: T.apiVersionUnavailable,
    smsNotificationsUnavailable: T.smsNotificationsUnavailable,
  },
  fees: {
    platform: {
      title: 'Platform fee',
      description:
        'Recorded on every payment confirmed from now on and stated on the landing page; fees already recorded keep their rate. A coin’s own fee, where set, replaces the percentage.',
    },
    withdrawal: {
      title: 'Withdrawal fee',
      description:
        'Stored only: payments go straight to the merchant’s wallet, so there is no withdrawal yet.',
    },
    processing: {
      title: 'Processing fee',
      description: 'Stored only: no fixed fee is charged on payments yet.',
    },
    fields: {
      percentage: 'Percentage',
      minimumFee: 'Minimum fee',
      maximumFee: 'Maximum fee',
      fixedAmount: 'Fixed amount',
    },
    noBound: 'No limit',
    noBoundHint: 'Leave empty for no limit.',
    updatedAt: 'Last changed {{date}}',
  },
  danger: {
    title: T.dangerZone,
    intro: 'These actions affect every user at once and cannot be undone. Each is recorded in the audit log.',
    failed: 'The action failed: {{reason}}',
    cacheNames: {
      api_rate_limit_settings: 'API rate limit settings',
      settlement_figures: 'Settlement times of the landing page',
      forwarder_factories: 'Forwarder contract versions',
      api_keys: 'API keys and their accounts',
      system_settings: 'System settings',
      cryptocurrencies: 'Cryptocurrency catalogue',
      exchange_rates: 'Stored exchange rates',
      platform_fee: 'Platform fee settings',
    },
    clearCache: {
      button: T.clearAllCache,
      hint: 'Empties the in-memory caches of every server process; changed settings apply at once.',
      confirmTitle: 'Clear all cache?',
      confirmText:
        'Every server process empties its in-memory caches, which fill again as they are used. The counts shown are those of the process that answers. Pages may answer a little slower for a moment.',
      done_one: '{{count}} cache cleared:',
      done_other: '{{count}} caches cleared:',
      entry_one: '{{name}}: {{formatted}} entry',
      entry_other: '{{name}}: {{formatted}} entries',
    },
    resetRateLimits: {
      button: T.resetRateLimits,
      hint: 'Every client may call the API and sign in again at once.',
      confirmTitle: 'Reset rate limits?',
      confirmText:
        'Every request counter of this server starts again from zero: API keys, public pages and sign-in attempts. Lockouts after failed sign-ins stay.',
      done_one: '{{formatted}} rate-limit counter cleared.',
      done_other: '{{formatted}} rate-limit counters cleared.',
    },
    forceLogout: {
      button: T.forceLogoutAllUsers,
      hint: 'Signs every user out, your other sessions included; you stay signed in here.',
      confirmTitle: 'Force logout all users?',
      confirmText:
        'Every session of every account ends, your own other sessions included; only this one stays signed in. Sign-ins under way are cancelled. API keys keep working.',
      done_one: '{{formatted}} session ended.',
      done_other: '{{formatted}} sessions ended.',
      signIns_one: '{{formatted}} sign-in under way cancelled.',
      signIns_other: '{{formatted}} sign-ins under way cancelled.',
    },
  },
};

type Widen<M> = { [K in keyof M]: M[K] extends string ? string : Widen<M[K]> };
type Messages = Widen<typeof en>;

const es: Messages = {
  title: 'Configuración del sistema',
  subtitle: 'Configuración de la plataforma, criptomonedas, comisiones y mantenimiento',
  subtitleFees: 'Las comisiones que cobra la plataforma',
  save: 'Guardar cambios',
  saved: 'Guardado',
  loadFailed: 'No se pudo cargar la configuración. Inténtalo de nuevo.',
  saveFailed: 'No se pudo guardar la configuración: {{reason}}',
  retry: 'Reintentar',
  cancel: 'Cancelar',
  close: 'Cerrar',
  readOnly: 'Puedes ver esta configuración. Para cambiarla necesitas el permiso settings.write.',
  readOnlyFees:
    'Puedes ver las comisiones. Para cambiarlas necesitas el permiso settings.write o settings.fees.',
  tabsLabel: 'Secciones de la configuración',
  tabHasErrors: '(contiene errores)',
  tabs: {
    general: 'General',
    cryptocurrencies: 'Criptomonedas',
    fees: 'Comisiones y precios',
    security: 'Seguridad',
    notifications: 'Notificaciones',
    api: 'Ajustes de la API',
  },
  notApplied: 'Solo se guarda: la plataforma todavía no lo aplica.',
  cards: {
    general: { title: 'Plataforma', description: 'Nombre, contacto y quién puede registrarse.' },
    security: {
      title: 'Inicio de sesión y contraseñas',
      description: 'Sesiones, bloqueos y política de contraseñas.',
    },
    notifications: {
      title: 'Alertas para administradores',
      description: 'Cómo se avisa al back-office de las transacciones destacadas.',
      notApplied:
        'Las alertas aparecen en el Monitor de salud de la página de Soporte y se envían por correo (al correo de soporte y a los administradores con acceso a soporte) y a los webhooks de Slack y Discord indicados aquí; las de transacciones grandes, fallidas y de alto riesgo, solo mientras su interruptor esté activado. Los correos de pagos de los comerciantes siguen sus propios ajustes.',
    },
    api: { title: 'API y webhooks', description: 'Límites de peticiones de la API y entrega de webhooks.' },
  },
  fields: {
    platform_name: { label: 'Nombre de la plataforma', hint: 'Se muestra en la página pública de inicio.' },
    support_email: {
      label: 'Correo de soporte',
      hint: 'Recibe los mensajes del formulario «Hablar con ventas» de la página de inicio.',
    },
    maintenance_mode: {
      label: 'Modo de mantenimiento',
      hint: 'Activado: los comercios no pueden cambiar nada y las páginas de pago no inician pagos nuevos; los pagos en curso siguen vigilándose y acreditándose. No afecta a los administradores.',
    },
    registration_enabled: {
      label: 'Registro abierto',
      hint: 'Desactivado: se rechazan los registros nuevos.',
    },
    kyc_required: {
      label: 'KYC obligatorio',
      hint: 'Activado: las cuentas nuevas quedan pendientes hasta que un administrador las apruebe. Desactivado: se activan al confirmar su correo.',
    },
    max_daily_transactions: {
      label: 'Máximo de transacciones diarias',
      hint: 'Pagos reales que cada comercio puede crear por día (UTC); los pagos de prueba no cuentan.',
    },
    session_timeout: {
      label: 'Caducidad de la sesión (minutos)',
      hint: 'La sesión se cierra tras este tiempo sin actividad.',
    },
    max_login_attempts: {
      label: 'Máximo de intentos de inicio de sesión',
      hint: 'Intentos fallidos desde una misma dirección antes de bloquearla.',
    },
    lockout_duration: { label: 'Duración del bloqueo (minutos)', hint: 'Cuánto dura un bloqueo.' },
    password_min_length: {
      label: 'Longitud mínima de la contraseña',
      hint: 'Caracteres, para contraseñas nuevas.',
    },
    password_require_special: {
      label: 'Exigir caracteres especiales',
      hint: 'Las contraseñas nuevas necesitan al menos un carácter especial.',
    },
    email_notifications: { label: 'Notificaciones por correo', hint: '' },
    sms_notifications: {
      label: 'Notificaciones por SMS',
      hint: 'Sin configurar: no hay ningún proveedor de SMS conectado a esta plataforma.',
    },
    slack_webhook: {
      label: 'URL del webhook de Slack',
      hint: '',
      placeholder: 'https://hooks.slack.com/services/…',
    },
    discord_webhook: {
      label: 'URL del webhook de Discord',
      hint: '',
      placeholder: 'https://discord.com/api/webhooks/…',
    },
    notify_high_risk_transactions: {
      label: 'Transacciones de alto riesgo',
      hint: 'Nivel de riesgo superior a 6.',
    },
    notify_failed_transactions: { label: 'Transacciones fallidas', hint: '' },
    notify_large_transactions: {
      label: 'Transacciones grandes',
      hint: 'Iguales o superiores al umbral de transacción grande.',
    },
    large_transaction_threshold: { label: 'Umbral de transacción grande (USD)', hint: '' },
    rate_limit_per_minute: {
      label: 'Límite de peticiones por minuto',
      hint: 'Peticiones por clave de API, y por dirección en las rutas públicas.',
    },
    rate_limit_per_hour: { label: 'Límite de peticiones por hora', hint: 'Lo mismo, por hora.' },
    webhook_timeout: {
      label: 'Tiempo de espera del webhook (segundos)',
      hint: 'Cuánto tiempo tiene el endpoint del comerciante para responder.',
    },
    webhook_retries: {
      label: 'Reintentos del webhook',
      hint: 'Intentos adicionales tras una entrega fallida.',
    },
    api_version: {
      label: 'Versión de la API',
      hint: 'La versión de la API que sirve esta plataforma. Solo existe la v1: la v2 (beta) no se puede elegir hasta que se publique.',
    },
  },
  options: { api_version: { v1: 'v1', v2: 'v2 (beta)' } },
  errors: {
    platformNameRequired: 'El nombre de la plataforma es obligatorio',
    emailInvalid: 'Introduce una dirección de correo válida',
    invalidUrl: 'Introduce una URL válida (https://...)',
    numberRange: 'Introduce un número entero entre {{min}} y {{max}}',
    feePercentageRange: 'El porcentaje de comisión debe estar entre 0 y 100',
    feeAmountInvalid: 'Introduce un importe en USD de 0 o más, con 8 decimales como máximo',
    feeMaximumBelowMinimum: 'La comisión máxima debe ser mayor o igual que la mínima',
    apiVersionUnavailable:
      'Solo existe la v1 de la API: la v2 (beta) no se puede elegir hasta que se publique.',
    smsNotificationsUnavailable:
      'Las notificaciones por SMS no se pueden activar: no hay ningún proveedor de SMS conectado a esta plataforma.',
  },
  fees: {
    platform: {
      title: 'Comisión de la plataforma',
      description:
        'Se registra en cada pago confirmado a partir de ahora y se indica en la página de inicio; las comisiones ya registradas conservan su porcentaje. La comisión propia de una moneda, si la tiene, sustituye al porcentaje.',
    },
    withdrawal: {
      title: 'Comisión de retirada',
      description:
        'Solo se guarda: los pagos van directamente al monedero del comerciante, así que todavía no hay retiradas.',
    },
    processing: {
      title: 'Comisión de procesamiento',
      description: 'Solo se guarda: todavía no se cobra ninguna comisión fija en los pagos.',
    },
    fields: {
      percentage: 'Porcentaje',
      minimumFee: 'Comisión mínima',
      maximumFee: 'Comisión máxima',
      fixedAmount: 'Importe fijo',
    },
    noBound: 'Sin límite',
    noBoundHint: 'Déjalo vacío para no poner límite.',
    updatedAt: 'Último cambio: {{date}}',
  },
  danger: {
    title: 'Zona de peligro',
    intro:
      'Estas acciones afectan a todos los usuarios a la vez y no se pueden deshacer. Cada una queda registrada en el registro de auditoría.',
    failed: 'La acción ha fallado: {{reason}}',
    cacheNames: {
      api_rate_limit_settings: 'Ajustes de límites de la API',
      settlement_figures: 'Tiempos de liquidación de la página de inicio',
      forwarder_factories: 'Versiones de los contratos de reenvío',
      api_keys: 'Claves de API y sus cuentas',
      system_settings: 'Ajustes del sistema',
      cryptocurrencies: 'Catálogo de criptomonedas',
      exchange_rates: 'Tipos de cambio guardados',
      platform_fee: 'Ajustes de la comisión de la plataforma',
    },
    clearCache: {
      button: 'Vaciar toda la caché',
      hint: 'Vacía las cachés en memoria de todos los procesos del servidor; los ajustes cambiados se aplican al momento.',
      confirmTitle: '¿Vaciar toda la caché?',
      confirmText:
        'Cada proceso del servidor vacía sus cachés en memoria, que se vuelven a llenar con el uso. Las cifras mostradas son las del proceso que responde. Las páginas pueden responder algo más despacio durante un momento.',
      done_one: '{{count}} caché vaciada:',
      done_other: '{{count}} cachés vaciadas:',
      entry_one: '{{name}}: {{formatted}} entrada',
      entry_other: '{{name}}: {{formatted}} entradas',
    },
    resetRateLimits: {
      button: 'Restablecer límites de peticiones',
      hint: 'Todos los clientes pueden volver a llamar a la API e iniciar sesión al momento.',
      confirmTitle: '¿Restablecer los límites de peticiones?',
      confirmText:
        'Todos los contadores de peticiones de este servidor vuelven a cero: claves de API, páginas públicas e intentos de inicio de sesión. Los bloqueos por inicios de sesión fallidos se mantienen.',
      done_one: 'Se ha borrado {{formatted}} contador de peticiones.',
      done_other: 'Se han borrado {{formatted}} contadores de peticiones.',
    },
    forceLogout: {
      button: 'Cerrar la sesión de todos los usuarios',
      hint: 'Cierra la sesión de todos los usuarios, también tus otras sesiones; tú sigues conectado aquí.',
      confirmTitle: '¿Cerrar la sesión de todos los usuarios?',
      confirmText:
        'Se cierran todas las sesiones de todas las cuentas, también tus otras sesiones; solo esta sigue abierta. Se cancelan los inicios de sesión en curso. Las claves de API siguen funcionando.',
      done_one: 'Se ha cerrado {{formatted}} sesión.',
      done_other: 'Se han cerrado {{formatted}} sesiones.',
      signIns_one: 'Se ha cancelado {{formatted}} inicio de sesión en curso.',
      signIns_other: 'Se han cancelado {{formatted}} inicios de sesión en curso.',
    },
  },
};

const fr: Messages = {
  title: 'Paramètres système',
  subtitle: 'Configuration de la plateforme, cryptomonnaies, frais et maintenance',
  subtitleFees: 'Les frais facturés par la plateforme',
  save: 'Enregistrer les modifications',
  saved: 'Enregistré',
  loadFailed: 'Impossible de charger les paramètres. Veuillez réessayer.',
  saveFailed: 'Impossible d’enregistrer les paramètres : {{reason}}',
  retry: 'Réessayer',
  cancel: 'Annuler',
  close: 'Fermer',
  readOnly: 'Vous pouvez consulter ces paramètres. Pour les modifier, il faut l’autorisation settings.write.',
  readOnlyFees:
    'Vous pouvez consulter les frais. Pour les modifier, il faut l’autorisation settings.write ou settings.fees.',
  tabsLabel: 'Sections des paramètres',
  tabHasErrors: '(contient des erreurs)',
  tabs: {
    general: 'Général',
    cryptocurrencies: 'Cryptomonnaies',
    fees: 'Frais et tarifs',
    security: 'Sécurité',
    notifications: 'Notifications',
    api: 'Paramètres de l’API',
  },
  notApplied: 'Enregistré uniquement : la plateforme n’en tient pas encore compte.',
  cards: {
    general: { title: 'Plateforme', description: 'Nom, contact et qui peut s’inscrire.' },
    security: {
      title: 'Connexion et mots de passe',
      description: 'Sessions, blocages et politique de mots de passe.',
    },
    notifications: {
      title: 'Alertes des administrateurs',
      description: 'Comment le back-office est prévenu des transactions notables.',
      notApplied:
        'Les alertes apparaissent dans l’état des services de la page Support et sont envoyées par e-mail (à l’adresse de support et aux administrateurs ayant accès au support) et aux webhooks Slack et Discord indiqués ici ; celles des transactions importantes, échouées et à risque élevé, seulement tant que leur interrupteur est activé. Les e-mails de paiement des marchands suivent leurs propres paramètres.',
    },
    api: { title: 'API et webhooks', description: 'Limites de requêtes de l’API et envoi des webhooks.' },
  },
  fields: {
    platform_name: { label: 'Nom de la plateforme', hint: 'Affiché sur la page d’accueil publique.' },
    support_email: {
      label: 'E-mail du support',
      hint: 'Reçoit les messages du formulaire « Contacter les ventes » de la page d’accueil.',
    },
    maintenance_mode: {
      label: 'Mode maintenance',
      hint: 'Activé : les marchands ne peuvent rien modifier et les pages de paiement ne démarrent aucun nouveau paiement ; les paiements en cours restent surveillés et crédités. Les administrateurs ne sont pas concernés.',
    },
    registration_enabled: {
      label: 'Inscriptions ouvertes',
      hint: 'Désactivé : les nouvelles inscriptions sont refusées.',
    },
    kyc_required: {
      label: 'KYC obligatoire',
      hint: 'Activé : les nouveaux comptes restent en attente jusqu’à l’approbation d’un administrateur. Désactivé : ils sont actifs dès la confirmation de leur e-mail.',
    },
    max_daily_transactions: {
      label: 'Nombre maximal de transactions par jour',
      hint: 'Paiements réels que chaque marchand peut créer par jour (UTC) ; les paiements de test ne comptent pas.',
    },
    session_timeout: {
      label: 'Expiration de la session (minutes)',
      hint: 'Une session prend fin après cette durée d’inactivité.',
    },
    max_login_attempts: {
      label: 'Nombre maximal de tentatives de connexion',
      hint: 'Échecs de connexion depuis une même adresse avant son blocage.',
    },
    lockout_duration: { label: 'Durée du blocage (minutes)', hint: 'Durée d’un blocage.' },
    password_min_length: {
      label: 'Longueur minimale du mot de passe',
      hint: 'En caractères, pour les nouveaux mots de passe.',
    },
    password_require_special: {
      label: 'Exiger des caractères spéciaux',
      hint: 'Les nouveaux mots de passe doivent contenir au moins un caractère spécial.',
    },
    email_notifications: { label: 'Notifications par e-mail', hint: '' },
    sms_notifications: {
      label: 'Notifications par SMS',
      hint: 'Non configuré : aucun fournisseur de SMS n’est relié à cette plateforme.',
    },
    slack_webhook: {
      label: 'URL du webhook Slack',
      hint: '',
      placeholder: 'https://hooks.slack.com/services/…',
    },
    discord_webhook: {
      label: 'URL du webhook Discord',
      hint: '',
      placeholder: 'https://discord.com/api/webhooks/…',
    },
    notify_high_risk_transactions: {
      label: 'Transactions à haut risque',
      hint: 'Score de risque supérieur à 6.',
    },
    notify_failed_transactions: { label: 'Transactions échouées', hint: '' },
    notify_large_transactions: {
      label: 'Transactions importantes',
      hint: 'Égales ou supérieures au seuil de transaction importante.',
    },
    large_transaction_threshold: { label: 'Seuil de transaction importante (USD)', hint: '' },
    rate_limit_per_minute: {
      label: 'Limite de requêtes par minute',
      hint: 'Requêtes par clé d’API, et par adresse sur les routes publiques.',
    },
    rate_limit_per_hour: { label: 'Limite de requêtes par heure', hint: 'La même, par heure.' },
    webhook_timeout: {
      label: 'Délai d’attente du webhook (secondes)',
      hint: 'Le temps dont dispose le point de terminaison du marchand pour répondre.',
    },
    webhook_retries: {
      label: 'Nouvelles tentatives du webhook',
      hint: 'Tentatives supplémentaires après un envoi échoué.',
    },
    api_version: {
      label: 'Version de l’API',
      hint: 'La version de l’API servie par cette plateforme. Seule la v1 existe : la v2 (bêta) ne peut pas être choisie avant sa publication.',
    },
  },
  options: { api_version: { v1: 'v1', v2: 'v2 (bêta)' } },
  errors: {
    platformNameRequired: 'Le nom de la plateforme est obligatoire',
    emailInvalid: 'Veuillez saisir une adresse e-mail valide',
    invalidUrl: 'Veuillez saisir une URL valide (https://...)',
    numberRange: 'Saisissez un nombre entier entre {{min}} et {{max}}',
    feePercentageRange: 'Le pourcentage de frais doit être compris entre 0 et 100',
    feeAmountInvalid: 'Saisissez un montant en USD de 0 ou plus, avec au plus 8 décimales',
    feeMaximumBelowMinimum: 'Les frais maximaux doivent être supérieurs ou égaux aux frais minimaux',
    apiVersionUnavailable:
      'Seule la v1 de l’API existe : la v2 (bêta) ne peut pas être choisie avant sa publication.',
    smsNotificationsUnavailable:
      'Les notifications par SMS ne peuvent pas être activées : aucun fournisseur de SMS n’est relié à cette plateforme.',
  },
  fees: {
    platform: {
      title: 'Frais de plateforme',
      description:
        'Enregistrés sur chaque paiement confirmé à partir de maintenant et indiqués sur la page d’accueil ; les frais déjà enregistrés gardent leur taux. Les frais propres à une monnaie, s’ils existent, remplacent le pourcentage.',
    },
    withdrawal: {
      title: 'Frais de retrait',
      description:
        'Enregistrés uniquement : les paiements vont directement au portefeuille du marchand, il n’y a donc pas encore de retrait.',
    },
    processing: {
      title: 'Frais de traitement',
      description: 'Enregistrés uniquement : aucuns frais fixes ne sont encore facturés sur les paiements.',
    },
    fields: {
      percentage: 'Pourcentage',
      minimumFee: 'Frais minimaux',
      maximumFee: 'Frais maximaux',
      fixedAmount: 'Montant fixe',
    },
    noBound: 'Sans limite',
    noBoundHint: 'Laissez vide pour ne fixer aucune limite.',
    updatedAt: 'Dernière modification : {{date}}',
  },
  danger: {
    title: 'Zone de danger',
    intro:
      'Ces actions concernent tous les utilisateurs à la fois et sont irréversibles. Chacune est consignée dans le journal d’audit.',
    failed: 'L’action a échoué : {{reason}}',
    cacheNames: {
      api_rate_limit_settings: 'Paramètres des limites de l’API',
      settlement_figures: 'Délais de règlement de la page d’accueil',
      forwarder_factories: 'Versions des contrats de transfert',
      api_keys: 'Clés d’API et leurs comptes',
      system_settings: 'Paramètres du système',
      cryptocurrencies: 'Catalogue des cryptomonnaies',
      exchange_rates: 'Taux de change enregistrés',
      platform_fee: 'Paramètres des frais de la plateforme',
    },
    clearCache: {
      button: 'Vider tout le cache',
      hint: 'Vide les caches en mémoire de tous les processus du serveur ; les paramètres modifiés s’appliquent aussitôt.',
      confirmTitle: 'Vider tout le cache ?',
      confirmText:
        'Chaque processus du serveur vide ses caches en mémoire, remplis à nouveau au fil de l’utilisation. Les chiffres affichés sont ceux du processus qui répond. Les pages peuvent répondre un peu plus lentement pendant un instant.',
      done_one: '{{count}} cache vidé :',
      done_other: '{{count}} caches vidés :',
      entry_one: '{{name}} : {{formatted}} entrée',
      entry_other: '{{name}} : {{formatted}} entrées',
    },
    resetRateLimits: {
      button: 'Réinitialiser les limites de requêtes',
      hint: 'Chaque client peut aussitôt appeler l’API et se connecter à nouveau.',
      confirmTitle: 'Réinitialiser les limites de requêtes ?',
      confirmText:
        'Tous les compteurs de requêtes de ce serveur repartent de zéro : clés d’API, pages publiques et tentatives de connexion. Les blocages après des échecs de connexion sont maintenus.',
      done_one: '{{formatted}} compteur de requêtes remis à zéro.',
      done_other: '{{formatted}} compteurs de requêtes remis à zéro.',
    },
    forceLogout: {
      button: 'Déconnecter tous les utilisateurs',
      hint: 'Déconnecte tous les utilisateurs, y compris vos autres sessions ; vous restez connecté ici.',
      confirmTitle: 'Déconnecter tous les utilisateurs ?',
      confirmText:
        'Toutes les sessions de tous les comptes prennent fin, y compris vos autres sessions ; seule celle-ci reste ouverte. Les connexions en cours sont annulées. Les clés d’API continuent de fonctionner.',
      done_one: '{{formatted}} session fermée.',
      done_other: '{{formatted}} sessions fermées.',
      signIns_one: '{{formatted}} connexion en cours annulée.',
      signIns_other: '{{formatted}} connexions en cours annulées.',
    },
  },
};

const de: Messages = {
  title: 'Systemeinstellungen',
  subtitle: 'Plattformkonfiguration, Kryptowährungen, Gebühren und Wartung',
  subtitleFees: 'Die Gebühren der Plattform',
  save: 'Änderungen speichern',
  saved: 'Gespeichert',
  loadFailed: 'Die Einstellungen konnten nicht geladen werden. Bitte versuchen Sie es erneut.',
  saveFailed: 'Die Einstellungen konnten nicht gespeichert werden: {{reason}}',
  retry: 'Erneut versuchen',
  cancel: 'Abbrechen',
  close: 'Schließen',
  readOnly:
    'Sie können diese Einstellungen ansehen. Zum Ändern benötigen Sie die Berechtigung settings.write.',
  readOnlyFees:
    'Sie können die Gebühren ansehen. Zum Ändern benötigen Sie die Berechtigung settings.write oder settings.fees.',
  tabsLabel: 'Bereiche der Einstellungen',
  tabHasErrors: '(enthält Fehler)',
  tabs: {
    general: 'Allgemein',
    cryptocurrencies: 'Kryptowährungen',
    fees: 'Gebühren & Preise',
    security: 'Sicherheit',
    notifications: 'Benachrichtigungen',
    api: 'API-Einstellungen',
  },
  notApplied: 'Nur gespeichert: Die Plattform berücksichtigt dies noch nicht.',
  cards: {
    general: { title: 'Plattform', description: 'Name, Kontakt und wer sich registrieren darf.' },
    security: {
      title: 'Anmeldung und Passwörter',
      description: 'Sitzungen, Sperren und Passwortrichtlinie.',
    },
    notifications: {
      title: 'Benachrichtigungen für Administratoren',
      description: 'Wie das Backoffice über auffällige Transaktionen informiert wird.',
      notApplied:
        'Warnungen erscheinen im Zustandsmonitor der Support-Seite und werden per E-Mail (an die Support-Adresse und die Administratoren mit Support-Zugriff) sowie an die hier angegebenen Slack- und Discord-Webhooks gesendet; die zu großen, fehlgeschlagenen und risikoreichen Transaktionen nur, solange ihr Schalter eingeschaltet ist. Die Zahlungs-E-Mails der Händler folgen deren eigenen Einstellungen.',
    },
    api: { title: 'API und Webhooks', description: 'Anfragelimits der API und Zustellung von Webhooks.' },
  },
  fields: {
    platform_name: { label: 'Plattformname', hint: 'Wird auf der öffentlichen Startseite angezeigt.' },
    support_email: {
      label: 'Support-E-Mail',
      hint: 'Empfängt die Nachrichten des Formulars „Vertrieb kontaktieren“ der Startseite.',
    },
    maintenance_mode: {
      label: 'Wartungsmodus',
      hint: 'Ein: Händler können nichts ändern und Zahlungsseiten starten keine neuen Zahlungen; laufende Zahlungen werden weiter beobachtet und gutgeschrieben. Administratoren sind nicht betroffen.',
    },
    registration_enabled: {
      label: 'Registrierung aktiviert',
      hint: 'Aus: Neue Registrierungen werden abgelehnt.',
    },
    kyc_required: {
      label: 'KYC erforderlich',
      hint: 'An: Neue Konten bleiben ausstehend, bis ein Administrator sie freigibt. Aus: Sie sind aktiv, sobald ihre E-Mail-Adresse bestätigt ist.',
    },
    max_daily_transactions: {
      label: 'Maximale Transaktionen pro Tag',
      hint: 'Live-Zahlungen, die jeder Händler pro Tag (UTC) erstellen kann; Testzahlungen zählen nicht.',
    },
    session_timeout: {
      label: 'Sitzungs-Timeout (Minuten)',
      hint: 'Eine Sitzung endet nach dieser Zeit ohne Aktivität.',
    },
    max_login_attempts: {
      label: 'Maximale Anmeldeversuche',
      hint: 'Fehlgeschlagene Anmeldungen von einer Adresse, bevor sie gesperrt wird.',
    },
    lockout_duration: { label: 'Sperrdauer (Minuten)', hint: 'Wie lange eine Sperre dauert.' },
    password_min_length: {
      label: 'Mindestlänge des Passworts',
      hint: 'Zeichen, für neue Passwörter.',
    },
    password_require_special: {
      label: 'Sonderzeichen verlangen',
      hint: 'Neue Passwörter brauchen mindestens ein Sonderzeichen.',
    },
    email_notifications: { label: 'E-Mail-Benachrichtigungen', hint: '' },
    sms_notifications: {
      label: 'SMS-Benachrichtigungen',
      hint: 'Nicht eingerichtet: Mit dieser Plattform ist kein SMS-Anbieter verbunden.',
    },
    slack_webhook: {
      label: 'Slack-Webhook-URL',
      hint: '',
      placeholder: 'https://hooks.slack.com/services/…',
    },
    discord_webhook: {
      label: 'Discord-Webhook-URL',
      hint: '',
      placeholder: 'https://discord.com/api/webhooks/…',
    },
    notify_high_risk_transactions: { label: 'Transaktionen mit hohem Risiko', hint: 'Risikowert über 6.' },
    notify_failed_transactions: { label: 'Fehlgeschlagene Transaktionen', hint: '' },
    notify_large_transactions: {
      label: 'Große Transaktionen',
      hint: 'Ab dem Schwellenwert für große Transaktionen.',
    },
    large_transaction_threshold: { label: 'Schwellenwert für große Transaktionen (USD)', hint: '' },
    rate_limit_per_minute: {
      label: 'Anfragelimit pro Minute',
      hint: 'Anfragen pro API-Schlüssel und pro Adresse auf den öffentlichen Routen.',
    },
    rate_limit_per_hour: { label: 'Anfragelimit pro Stunde', hint: 'Dasselbe, pro Stunde.' },
    webhook_timeout: {
      label: 'Webhook-Timeout (Sekunden)',
      hint: 'Wie lange der Endpunkt des Händlers Zeit zum Antworten hat.',
    },
    webhook_retries: {
      label: 'Webhook-Wiederholungen',
      hint: 'Weitere Versuche nach einer fehlgeschlagenen Zustellung.',
    },
    api_version: {
      label: 'API-Version',
      hint: 'Die API-Version, die diese Plattform bereitstellt. Es gibt nur v1: v2 (Beta) kann erst nach ihrer Veröffentlichung gewählt werden.',
    },
  },
  options: { api_version: { v1: 'v1', v2: 'v2 (Beta)' } },
  errors: {
    platformNameRequired: 'Der Plattformname ist erforderlich',
    emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    invalidUrl: 'Bitte geben Sie eine gültige URL ein (https://...)',
    numberRange: 'Geben Sie eine ganze Zahl von {{min}} bis {{max}} ein',
    feePercentageRange: 'Der Gebührensatz muss zwischen 0 und 100 liegen',
    feeAmountInvalid: 'Geben Sie einen Betrag in USD von 0 oder mehr mit höchstens 8 Nachkommastellen ein',
    feeMaximumBelowMinimum: 'Die Höchstgebühr muss größer oder gleich der Mindestgebühr sein',
    apiVersionUnavailable:
      'Es gibt nur v1 der API: v2 (Beta) kann erst nach ihrer Veröffentlichung gewählt werden.',
    smsNotificationsUnavailable:
      'SMS-Benachrichtigungen können nicht aktiviert werden: Mit dieser Plattform ist kein SMS-Anbieter verbunden.',
  },
  fees: {
    platform: {
      title: 'Plattformgebühr',
      description:
        'Wird ab jetzt für jede bestätigte Zahlung erfasst und auf der Startseite genannt; bereits erfasste Gebühren behalten ihren Satz. Eine eigene Gebühr einer Währung ersetzt, falls festgelegt, den Prozentsatz.',
    },
    withdrawal: {
      title: 'Auszahlungsgebühr',
      description:
        'Nur gespeichert: Zahlungen gehen direkt an die Wallet des Händlers, daher gibt es noch keine Auszahlungen.',
    },
    processing: {
      title: 'Bearbeitungsgebühr',
      description: 'Nur gespeichert: Auf Zahlungen wird noch keine feste Gebühr erhoben.',
    },
    fields: {
      percentage: 'Prozentsatz',
      minimumFee: 'Mindestgebühr',
      maximumFee: 'Höchstgebühr',
      fixedAmount: 'Fester Betrag',
    },
    noBound: 'Keine Grenze',
    noBoundHint: 'Leer lassen für keine Grenze.',
    updatedAt: 'Zuletzt geändert: {{date}}',
  },
  danger: {
    title: 'Gefahrenbereich',
    intro:
      'Diese Aktionen betreffen alle Benutzer zugleich und lassen sich nicht rückgängig machen. Jede wird im Audit-Protokoll festgehalten.',
    failed: 'Die Aktion ist fehlgeschlagen: {{reason}}',
    cacheNames: {
      api_rate_limit_settings: 'Einstellungen der API-Anfragelimits',
      settlement_figures: 'Abwicklungszeiten der Startseite',
      forwarder_factories: 'Versionen der Weiterleitungsverträge',
      api_keys: 'API-Schlüssel und ihre Konten',
      system_settings: 'Systemeinstellungen',
      cryptocurrencies: 'Katalog der Kryptowährungen',
      exchange_rates: 'Gespeicherte Wechselkurse',
      platform_fee: 'Einstellungen der Plattformgebühr',
    },
    clearCache: {
      button: 'Gesamten Cache leeren',
      hint: 'Leert die Caches aller Serverprozesse im Arbeitsspeicher; geänderte Einstellungen gelten sofort.',
      confirmTitle: 'Gesamten Cache leeren?',
      confirmText:
        'Jeder Serverprozess leert seine Caches im Arbeitsspeicher, die sich bei Gebrauch wieder füllen. Die angezeigten Zahlen sind die des antwortenden Prozesses. Seiten antworten für einen Moment eventuell etwas langsamer.',
      done_one: '{{count}} Cache geleert:',
      done_other: '{{count}} Caches geleert:',
      entry_one: '{{name}}: {{formatted}} Eintrag',
      entry_other: '{{name}}: {{formatted}} Einträge',
    },
    resetRateLimits: {
      button: 'Anfragelimits zurücksetzen',
      hint: 'Alle Clients können die API sofort wieder aufrufen und sich anmelden.',
      confirmTitle: 'Anfragelimits zurücksetzen?',
      confirmText:
        'Alle Anfragezähler dieses Servers beginnen wieder bei null: API-Schlüssel, öffentliche Seiten und Anmeldeversuche. Sperren nach fehlgeschlagenen Anmeldungen bleiben bestehen.',
      done_one: '{{formatted}} Anfragezähler zurückgesetzt.',
      done_other: '{{formatted}} Anfragezähler zurückgesetzt.',
    },
    forceLogout: {
      button: 'Alle Benutzer abmelden',
      hint: 'Meldet alle Benutzer ab, auch Ihre anderen Sitzungen; Sie bleiben hier angemeldet.',
      confirmTitle: 'Alle Benutzer abmelden?',
      confirmText:
        'Alle Sitzungen aller Konten werden beendet, auch Ihre anderen Sitzungen; nur diese bleibt angemeldet. Laufende Anmeldungen werden abgebrochen. API-Schlüssel funktionieren weiter.',
      done_one: '{{formatted}} Sitzung beendet.',
      done_other: '{{formatted}} Sitzungen beendet.',
      signIns_one: '{{formatted}} laufende Anmeldung abgebrochen.',
      signIns_other: '{{formatted}} laufende Anmeldungen abgebrochen.',
    },
  },
};

export const locales = { en, es, fr, de };
