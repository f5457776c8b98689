/** Message catalogue of this feature: en, es, fr, de. Figures ({{fee}}, {{count}}) come from the live configuration. */
const en = {
  nav: {
    features: 'Features',
    useCases: 'Use cases',
    pricing: 'Pricing',
    docs: 'Docs',
    signIn: 'Sign in',
    getStarted: 'Get started',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    home: 'Coinlane home',
  },
  hero: {
    eyebrow: 'Non-custodial crypto payments',
    title: 'Get paid in crypto, straight to your wallet.',
    subtitle:
      'Coinlane gives every payment its own address, watches the chain and tells you when it confirms. Your funds never pass through us, and we never hold your keys.',
    primary: 'Get started',
    secondary: 'Read the docs',
    point1: 'No setup or monthly fees',
    point2: '{{fee}}% per successful payment',
    point3: 'Test mode from day one',
  },
  stats: {
    coins: 'Coins supported',
    networks: 'Networks',
    fee: 'Flat fee per successful payment',
    custody: 'Funds held by Coinlane',
    custodyValue: 'None',
  },
  card: {
    caption: 'Example of a hosted payment page',
    merchant: 'Northwind Studio',
    description: 'Annual membership',
    amountDue: 'Amount due',
    network: 'on {{network}}',
    waiting: 'Waiting for payment',
    expires: 'Expires in',
    scan: 'Scan with your crypto wallet',
    address: 'Address',
    confirmed: 'Payment confirmed',
    poweredBy: 'Secured by Coinlane',
    live: 'Live',
  },
  features: {
    kicker: 'Features',
    title: 'Built for merchants who want to hold their own money',
    subtitle: 'Everything between a customer’s wallet and yours, without ever taking custody of the funds.',
    custody: {
      title: 'Non-custodial by design',
      text: 'Paid straight to your wallet. You give Coinlane an extended public key or an address, never a private key, so no one can freeze or hold your balance.',
    },
    address: {
      title: 'A fresh address per payment',
      text: 'Every checkout gets its own receiving address and a locked exchange rate, so each payment matches exactly one order.',
    },
    privacy: {
      title: 'Privacy-first checkout',
      text: 'Customers pay from their own wallet on a hosted page: no account, no card details, no identity documents.',
    },
    stable: {
      title: 'Payouts in stable value',
      text: 'Convert incoming crypto to a stablecoin automatically and pay out to wallets you have whitelisted.',
    },
    testMode: {
      title: 'Test mode from day one',
      text: 'Every account starts with a test mode on a simulated network, so you can try the whole flow before real money moves.',
    },
    developers: {
      title: 'Made for developers',
      text: 'A documented JSON API, signed webhooks and API keys scoped by permission. Start with the docs.',
    },
  },
  steps: {
    kicker: 'How it works',
    title: 'From sign-up to first payment in three steps',
    one: {
      title: 'Connect your wallet',
      text: 'Add the wallets you want to be paid to. Coinlane only ever sees public keys.',
    },
    two: {
      title: 'Share a payment link',
      text: 'Set a price in your currency; your customer picks the coin and network.',
    },
    three: {
      title: 'Get paid directly',
      text: 'Funds land in your wallet. You get notified as soon as the payment confirms.',
    },
  },
  useCases: {
    kicker: 'Use cases',
    title: 'For the people ordinary payment processors leave out',
    journalists: {
      title: 'Independent journalists',
      text: 'Take reader support directly, with no platform that can cut you off from your audience.',
    },
    charities: {
      title: 'Charities and donations',
      text: 'Accept donations from anywhere, in the coins your supporters already hold.',
    },
    gaming: {
      title: 'Gaming and casinos',
      text: 'Deposits settle on-chain to your wallet, with no card chargebacks to dispute.',
    },
    sanctioned: {
      title: 'Businesses in sanctioned regions',
      text: 'Get paid by customers abroad when card networks and banks will not serve your country.',
    },
    highRisk: {
      title: 'High-risk businesses',
      text: 'No rolling reserves and no frozen balances: the money is in your wallet, not in ours.',
    },
    freelancers: {
      title: 'Freelancers',
      text: 'Send a payment link to clients anywhere in the world and get paid to your own wallet.',
    },
  },
  coins: {
    kicker: 'Coins and networks',
    title: 'The coins your customers already hold',
    subtitle: '{{coins}} coins across {{networks}} networks, each with the networks it runs on.',
    subtitleLoading: 'Coins and the networks they run on.',
    more: 'Also supported',
    failed: 'The list of coins could not be loaded.',
    retry: 'Try again',
    networksLabel: 'Networks of {{coin}}',
  },
  pricing: {
    kicker: 'Pricing',
    title: 'One flat fee. Nothing else.',
    subtitle: 'You pay only when you get paid.',
    perTransaction: 'per successful transaction',
    included: 'Included',
    item1: 'No setup fees',
    item2: 'No monthly fees',
    item3: 'Test mode, free and unlimited',
    item4: 'Every supported coin and network',
    item5: 'Hosted payment page and payment links',
    cta: 'Create your account',
    unavailable: 'The current fee could not be loaded.',
  },
  cta: {
    title: 'Start accepting crypto today',
    subtitle: 'Create your account and try everything in test mode before your first real payment.',
    primary: 'Get started',
    secondary: 'Read the docs',
  },
  footer: {
    tagline: 'Privacy-first, non-custodial crypto payments for businesses and causes.',
    product: 'Product',
    account: 'Account',
    developers: 'Developers',
    documentation: 'Documentation',
    language: 'Language',
    rights: '© {{year}} {{name}}. Non-custodial: your funds, your keys.',
  },
};

/** The same keys as English, any text. */
type Shape<M> = { [K in keyof M]: M[K] extends string ? string : Shape<M[K]> };
type Messages = Shape<typeof en>;

const es: Messages = {
  nav: {
    features: 'Funciones',
    useCases: 'Casos de uso',
    pricing: 'Precios',
    docs: 'Documentación',
    signIn: 'Iniciar sesión',
    getStarted: 'Empezar',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    home: 'Inicio de Coinlane',
  },
  hero: {
    eyebrow: 'Pagos en cripto sin custodia',
    title: 'Cobra en cripto, directamente en tu monedero.',
    subtitle:
      'Coinlane da a cada pago su propia dirección, vigila la cadena y te avisa cuando se confirma. Tus fondos nunca pasan por nosotros y nunca guardamos tus claves.',
    primary: 'Empezar',
    secondary: 'Leer la documentación',
    point1: 'Sin cuotas de alta ni mensuales',
    point2: '{{fee}} % por pago completado',
    point3: 'Modo de prueba desde el primer día',
  },
  stats: {
    coins: 'Monedas admitidas',
    networks: 'Redes',
    fee: 'Comisión fija por pago completado',
    custody: 'Fondos en manos de Coinlane',
    custodyValue: 'Ninguno',
  },
  card: {
    caption: 'Ejemplo de página de pago alojada',
    merchant: 'Northwind Studio',
    description: 'Membresía anual',
    amountDue: 'Importe a pagar',
    network: 'en {{network}}',
    waiting: 'Esperando el pago',
    expires: 'Caduca en',
    scan: 'Escanea con tu monedero cripto',
    address: 'Dirección',
    confirmed: 'Pago confirmado',
    poweredBy: 'Protegido por Coinlane',
    live: 'En directo',
  },
  features: {
    kicker: 'Funciones',
    title: 'Pensado para comercios que quieren guardar su propio dinero',
    subtitle: 'Todo lo que hay entre el monedero de tu cliente y el tuyo, sin custodiar nunca los fondos.',
    custody: {
      title: 'Sin custodia, por diseño',
      text: 'Cobras directamente en tu monedero. Das a Coinlane una clave pública extendida o una dirección, nunca una clave privada, así que nadie puede congelar ni retener tu saldo.',
    },
    address: {
      title: 'Una dirección nueva por pago',
      text: 'Cada cobro tiene su propia dirección de recepción y un tipo de cambio bloqueado, así que cada pago corresponde a un único pedido.',
    },
    privacy: {
      title: 'Pago con la privacidad primero',
      text: 'Tus clientes pagan desde su propio monedero en una página alojada: sin cuenta, sin datos de tarjeta, sin documentos de identidad.',
    },
    stable: {
      title: 'Cobros en valor estable',
      text: 'Convierte automáticamente las criptomonedas recibidas en una stablecoin y envíalas a monederos que hayas autorizado.',
    },
    testMode: {
      title: 'Modo de prueba desde el primer día',
      text: 'Cada cuenta empieza con un modo de prueba en una red simulada, para que pruebes todo el flujo antes de mover dinero real.',
    },
    developers: {
      title: 'Hecho para desarrolladores',
      text: 'Una API JSON documentada, webhooks firmados y claves API con permisos. Empieza por la documentación.',
    },
  },
  steps: {
    kicker: 'Cómo funciona',
    title: 'Del registro al primer pago en tres pasos',
    one: {
      title: 'Conecta tu monedero',
      text: 'Añade los monederos en los que quieres cobrar. Coinlane solo ve claves públicas.',
    },
    two: {
      title: 'Comparte un enlace de pago',
      text: 'Fija un precio en tu moneda; tu cliente elige la criptomoneda y la red.',
    },
    three: {
      title: 'Cobra directamente',
      text: 'Los fondos llegan a tu monedero. Te avisamos en cuanto el pago se confirma.',
    },
  },
  useCases: {
    kicker: 'Casos de uso',
    title: 'Para quienes los procesadores de pago tradicionales dejan fuera',
    journalists: {
      title: 'Periodistas independientes',
      text: 'Recibe el apoyo de tus lectores directamente, sin una plataforma que pueda separarte de tu público.',
    },
    charities: {
      title: 'Organizaciones benéficas y donaciones',
      text: 'Acepta donaciones desde cualquier lugar, en las monedas que tus donantes ya tienen.',
    },
    gaming: {
      title: 'Juegos y casinos',
      text: 'Los depósitos se liquidan en la cadena, en tu monedero, sin devoluciones de tarjeta que disputar.',
    },
    sanctioned: {
      title: 'Negocios en regiones sancionadas',
      text: 'Cobra a clientes del extranjero cuando las redes de tarjetas y los bancos no dan servicio a tu país.',
    },
    highRisk: {
      title: 'Negocios de alto riesgo',
      text: 'Sin reservas retenidas ni saldos congelados: el dinero está en tu monedero, no en el nuestro.',
    },
    freelancers: {
      title: 'Freelancers',
      text: 'Envía un enlace de pago a clientes de cualquier parte del mundo y cobra en tu propio monedero.',
    },
  },
  coins: {
    kicker: 'Monedas y redes',
    title: 'Las monedas que tus clientes ya tienen',
    subtitle: '{{coins}} monedas en {{networks}} redes, cada una con las redes en las que funciona.',
    subtitleLoading: 'Las monedas y las redes en las que funcionan.',
    more: 'También admitidas',
    failed: 'No se pudo cargar la lista de monedas.',
    retry: 'Reintentar',
    networksLabel: 'Redes de {{coin}}',
  },
  pricing: {
    kicker: 'Precios',
    title: 'Una comisión fija. Nada más.',
    subtitle: 'Solo pagas cuando cobras.',
    perTransaction: 'por transacción completada',
    included: 'Incluido',
    item1: 'Sin cuota de alta',
    item2: 'Sin cuota mensual',
    item3: 'Modo de prueba gratuito e ilimitado',
    item4: 'Todas las monedas y redes admitidas',
    item5: 'Página de pago alojada y enlaces de pago',
    cta: 'Crea tu cuenta',
    unavailable: 'No se pudo cargar la comisión actual.',
  },
  cta: {
    title: 'Empieza a aceptar cripto hoy',
    subtitle: 'Crea tu cuenta y pruébalo todo en modo de prueba antes de tu primer pago real.',
    primary: 'Empezar',
    secondary: 'Leer la documentación',
  },
  footer: {
    tagline: 'Pagos en cripto sin custodia y con la privacidad primero, para negocios y causas.',
    product: 'Producto',
    account: 'Cuenta',
    developers: 'Desarrolladores',
    documentation: 'Documentación',
    language: 'Idioma',
    rights: '© {{year}} {{name}}. Sin custodia: tus fondos, tus claves.',
  },
};

const fr: Messages = {
  nav: {
    features: 'Fonctionnalités',
    useCases: "Cas d'usage",
    pricing: 'Tarifs',
    docs: 'Documentation',
    signIn: 'Se connecter',
    getStarted: 'Commencer',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
    home: 'Accueil Coinlane',
  },
  hero: {
    eyebrow: 'Paiements crypto sans dépôt',
    title: 'Soyez payé en crypto, directement sur votre portefeuille.',
    subtitle:
      "Coinlane attribue à chaque paiement sa propre adresse, surveille la blockchain et vous prévient dès qu'il est confirmé. Vos fonds ne transitent jamais par nous et nous ne détenons jamais vos clés.",
    primary: 'Commencer',
    secondary: 'Lire la documentation',
    point1: "Aucuns frais d'installation ni mensuels",
    point2: '{{fee}} % par paiement réussi',
    point3: 'Mode test dès le premier jour',
  },
  stats: {
    coins: 'Cryptomonnaies prises en charge',
    networks: 'Réseaux',
    fee: 'Commission fixe par paiement réussi',
    custody: 'Fonds détenus par Coinlane',
    custodyValue: 'Aucun',
  },
  card: {
    caption: 'Exemple de page de paiement hébergée',
    merchant: 'Northwind Studio',
    description: 'Adhésion annuelle',
    amountDue: 'Montant dû',
    network: 'sur {{network}}',
    waiting: 'En attente du paiement',
    expires: 'Expire dans',
    scan: 'Scannez avec votre portefeuille crypto',
    address: 'Adresse',
    confirmed: 'Paiement confirmé',
    poweredBy: 'Sécurisé par Coinlane',
    live: 'En direct',
  },
  features: {
    kicker: 'Fonctionnalités',
    title: 'Conçu pour les marchands qui veulent garder leur argent',
    subtitle: 'Tout ce qui sépare le portefeuille de votre client du vôtre, sans jamais détenir les fonds.',
    custody: {
      title: 'Sans dépôt, par conception',
      text: 'Vous êtes payé directement sur votre portefeuille. Vous confiez à Coinlane une clé publique étendue ou une adresse, jamais une clé privée : personne ne peut geler ni retenir votre solde.',
    },
    address: {
      title: 'Une nouvelle adresse par paiement',
      text: 'Chaque paiement reçoit sa propre adresse de réception et un taux de change bloqué : chaque paiement correspond à une seule commande.',
    },
    privacy: {
      title: 'Un paiement respectueux de la vie privée',
      text: "Vos clients paient depuis leur propre portefeuille sur une page hébergée : ni compte, ni carte, ni pièce d'identité.",
    },
    stable: {
      title: 'Des versements en valeur stable',
      text: 'Convertissez automatiquement la crypto reçue en stablecoin et versez-la sur des portefeuilles que vous avez autorisés.',
    },
    testMode: {
      title: 'Mode test dès le premier jour',
      text: "Chaque compte démarre avec un mode test sur un réseau simulé, pour essayer tout le parcours avant que de l'argent réel ne circule.",
    },
    developers: {
      title: 'Pensé pour les développeurs',
      text: 'Une API JSON documentée, des webhooks signés et des clés API limitées par permission. Commencez par la documentation.',
    },
  },
  steps: {
    kicker: 'Comment ça marche',
    title: "De l'inscription au premier paiement en trois étapes",
    one: {
      title: 'Connectez votre portefeuille',
      text: 'Ajoutez les portefeuilles sur lesquels vous voulez être payé. Coinlane ne voit que des clés publiques.',
    },
    two: {
      title: 'Partagez un lien de paiement',
      text: 'Fixez un prix dans votre devise ; votre client choisit la cryptomonnaie et le réseau.',
    },
    three: {
      title: 'Soyez payé directement',
      text: 'Les fonds arrivent sur votre portefeuille. Vous êtes prévenu dès que le paiement est confirmé.',
    },
  },
  useCases: {
    kicker: "Cas d'usage",
    title: 'Pour ceux que les prestataires de paiement classiques laissent de côté',
    journalists: {
      title: 'Journalistes indépendants',
      text: 'Recevez le soutien de vos lecteurs directement, sans plateforme capable de vous couper de votre public.',
    },
    charities: {
      title: 'Associations et dons',
      text: 'Acceptez des dons du monde entier, dans les cryptomonnaies que vos donateurs possèdent déjà.',
    },
    gaming: {
      title: 'Jeux et casinos',
      text: 'Les dépôts sont réglés sur la blockchain, sur votre portefeuille, sans rétrofacturation de carte à contester.',
    },
    sanctioned: {
      title: 'Entreprises dans des régions sous sanctions',
      text: 'Soyez payé par des clients étrangers quand les réseaux de cartes et les banques ne servent pas votre pays.',
    },
    highRisk: {
      title: 'Entreprises à haut risque',
      text: "Ni réserve glissante ni solde gelé : l'argent est sur votre portefeuille, pas sur le nôtre.",
    },
    freelancers: {
      title: 'Freelances',
      text: 'Envoyez un lien de paiement à vos clients partout dans le monde et soyez payé sur votre propre portefeuille.',
    },
  },
  coins: {
    kicker: 'Cryptomonnaies et réseaux',
    title: 'Les cryptomonnaies que vos clients possèdent déjà',
    subtitle: '{{coins}} cryptomonnaies sur {{networks}} réseaux, chacune avec ses réseaux.',
    subtitleLoading: 'Les cryptomonnaies et les réseaux sur lesquels elles circulent.',
    more: 'Également prises en charge',
    failed: "La liste des cryptomonnaies n'a pas pu être chargée.",
    retry: 'Réessayer',
    networksLabel: 'Réseaux de {{coin}}',
  },
  pricing: {
    kicker: 'Tarifs',
    title: 'Une commission fixe. Rien d’autre.',
    subtitle: 'Vous ne payez que lorsque vous êtes payé.',
    perTransaction: 'par transaction réussie',
    included: 'Inclus',
    item1: "Aucuns frais d'installation",
    item2: 'Aucun abonnement mensuel',
    item3: 'Mode test gratuit et illimité',
    item4: 'Toutes les cryptomonnaies et tous les réseaux pris en charge',
    item5: 'Page de paiement hébergée et liens de paiement',
    cta: 'Créer votre compte',
    unavailable: "La commission actuelle n'a pas pu être chargée.",
  },
  cta: {
    title: 'Acceptez la crypto dès aujourd’hui',
    subtitle: 'Créez votre compte et essayez tout en mode test avant votre premier paiement réel.',
    primary: 'Commencer',
    secondary: 'Lire la documentation',
  },
  footer: {
    tagline:
      'Des paiements crypto sans dépôt et respectueux de la vie privée, pour les entreprises et les causes.',
    product: 'Produit',
    account: 'Compte',
    developers: 'Développeurs',
    documentation: 'Documentation',
    language: 'Langue',
    rights: '© {{year}} {{name}}. Sans dépôt : vos fonds, vos clés.',
  },
};

const de: Messages = {
  nav: {
    features: 'Funktionen',
    useCases: 'Anwendungsfälle',
    pricing: 'Preise',
    docs: 'Doku',
    signIn: 'Anmelden',
    getStarted: 'Jetzt starten',
    openMenu: 'Menü öffnen',
    closeMenu: 'Menü schließen',
    home: 'Coinlane Startseite',
  },
  hero: {
    eyebrow: 'Krypto-Zahlungen ohne Verwahrung',
    title: 'Krypto-Zahlungen, direkt in Ihre Wallet.',
    subtitle:
      'Coinlane gibt jeder Zahlung ihre eigene Adresse, beobachtet die Blockchain und meldet sich, sobald sie bestätigt ist. Ihr Geld läuft nie über uns, und wir verwahren nie Ihre Schlüssel.',
    primary: 'Jetzt starten',
    secondary: 'Doku lesen',
    point1: 'Keine Einrichtungs- oder Monatsgebühren',
    point2: '{{fee}} % pro erfolgreicher Zahlung',
    point3: 'Testmodus vom ersten Tag an',
  },
  stats: {
    coins: 'Unterstützte Coins',
    networks: 'Netzwerke',
    fee: 'Pauschalgebühr pro erfolgreicher Zahlung',
    custody: 'Von Coinlane verwahrtes Geld',
    custodyValue: 'Keines',
  },
  card: {
    caption: 'Beispiel einer gehosteten Zahlungsseite',
    merchant: 'Northwind Studio',
    description: 'Jahresmitgliedschaft',
    amountDue: 'Fälliger Betrag',
    network: 'auf {{network}}',
    waiting: 'Warte auf Zahlung',
    expires: 'Läuft ab in',
    scan: 'Mit Ihrer Krypto-Wallet scannen',
    address: 'Adresse',
    confirmed: 'Zahlung bestätigt',
    poweredBy: 'Gesichert durch Coinlane',
    live: 'Live',
  },
  features: {
    kicker: 'Funktionen',
    title: 'Für Händler, die ihr Geld selbst halten wollen',
    subtitle: 'Alles zwischen der Wallet Ihres Kunden und Ihrer eigenen, ohne das Geld je zu verwahren.',
    custody: {
      title: 'Ohne Verwahrung, von Grund auf',
      text: 'Bezahlt direkt in Ihre Wallet. Sie geben Coinlane einen erweiterten öffentlichen Schlüssel oder eine Adresse, nie einen privaten Schlüssel – niemand kann Ihr Guthaben einfrieren oder zurückhalten.',
    },
    address: {
      title: 'Eine neue Adresse pro Zahlung',
      text: 'Jeder Bezahlvorgang erhält eine eigene Empfangsadresse und einen festen Wechselkurs, sodass jede Zahlung genau einer Bestellung zugeordnet ist.',
    },
    privacy: {
      title: 'Bezahlen mit Datenschutz',
      text: 'Ihre Kunden zahlen aus ihrer eigenen Wallet auf einer gehosteten Seite: kein Konto, keine Kartendaten, keine Ausweisdokumente.',
    },
    stable: {
      title: 'Auszahlungen mit stabilem Wert',
      text: 'Eingehende Kryptowährung automatisch in einen Stablecoin umwandeln und an freigegebene Wallets auszahlen.',
    },
    testMode: {
      title: 'Testmodus vom ersten Tag an',
      text: 'Jedes Konto startet mit einem Testmodus auf einem simulierten Netzwerk – probieren Sie den ganzen Ablauf, bevor echtes Geld fließt.',
    },
    developers: {
      title: 'Für Entwickler gemacht',
      text: 'Eine dokumentierte JSON-API, signierte Webhooks und API-Schlüssel mit Berechtigungen. Starten Sie mit der Doku.',
    },
  },
  steps: {
    kicker: 'So funktioniert es',
    title: 'Von der Registrierung zur ersten Zahlung in drei Schritten',
    one: {
      title: 'Wallet verbinden',
      text: 'Fügen Sie die Wallets hinzu, auf die Sie bezahlt werden möchten. Coinlane sieht nur öffentliche Schlüssel.',
    },
    two: {
      title: 'Zahlungslink teilen',
      text: 'Legen Sie einen Preis in Ihrer Währung fest; Ihr Kunde wählt Coin und Netzwerk.',
    },
    three: {
      title: 'Direkt bezahlt werden',
      text: 'Das Geld landet in Ihrer Wallet. Sie werden benachrichtigt, sobald die Zahlung bestätigt ist.',
    },
  },
  useCases: {
    kicker: 'Anwendungsfälle',
    title: 'Für alle, die herkömmliche Zahlungsanbieter außen vor lassen',
    journalists: {
      title: 'Unabhängige Journalisten',
      text: 'Nehmen Sie Unterstützung Ihrer Leser direkt an, ohne Plattform, die Sie von Ihrem Publikum trennen kann.',
    },
    charities: {
      title: 'Wohltätigkeit und Spenden',
      text: 'Nehmen Sie Spenden von überall an, in den Coins, die Ihre Unterstützer bereits besitzen.',
    },
    gaming: {
      title: 'Gaming und Casinos',
      text: 'Einzahlungen werden on-chain in Ihre Wallet abgewickelt, ohne Kartenrückbuchungen.',
    },
    sanctioned: {
      title: 'Unternehmen in sanktionierten Regionen',
      text: 'Lassen Sie sich von Kunden im Ausland bezahlen, wenn Kartennetzwerke und Banken Ihr Land nicht bedienen.',
    },
    highRisk: {
      title: 'Hochrisiko-Branchen',
      text: 'Keine Sicherheitseinbehalte, keine eingefrorenen Guthaben: Das Geld liegt in Ihrer Wallet, nicht in unserer.',
    },
    freelancers: {
      title: 'Freiberufler',
      text: 'Senden Sie Kunden weltweit einen Zahlungslink und werden Sie in Ihre eigene Wallet bezahlt.',
    },
  },
  coins: {
    kicker: 'Coins und Netzwerke',
    title: 'Die Coins, die Ihre Kunden schon besitzen',
    subtitle:
      '{{coins}} Coins auf {{networks}} Netzwerken, jeweils mit den Netzwerken, auf denen sie laufen.',
    subtitleLoading: 'Die Coins und die Netzwerke, auf denen sie laufen.',
    more: 'Ebenfalls unterstützt',
    failed: 'Die Liste der Coins konnte nicht geladen werden.',
    retry: 'Erneut versuchen',
    networksLabel: 'Netzwerke von {{coin}}',
  },
  pricing: {
    kicker: 'Preise',
    title: 'Eine Pauschalgebühr. Sonst nichts.',
    subtitle: 'Sie zahlen nur, wenn Sie bezahlt werden.',
    perTransaction: 'pro erfolgreicher Transaktion',
    included: 'Inklusive',
    item1: 'Keine Einrichtungsgebühr',
    item2: 'Keine Monatsgebühr',
    item3: 'Testmodus, kostenlos und unbegrenzt',
    item4: 'Alle unterstützten Coins und Netzwerke',
    item5: 'Gehostete Zahlungsseite und Zahlungslinks',
    cta: 'Konto erstellen',
    unavailable: 'Die aktuelle Gebühr konnte nicht geladen werden.',
  },
  cta: {
    title: 'Akzeptieren Sie noch heute Krypto',
    subtitle:
      'Erstellen Sie Ihr Konto und testen Sie alles im Testmodus, bevor die erste echte Zahlung kommt.',
    primary: 'Jetzt starten',
    secondary: 'Doku lesen',
  },
  footer: {
    tagline: 'Krypto-Zahlungen ohne Verwahrung und mit Datenschutz, für Unternehmen und gute Zwecke.',
    product: 'Produkt',
    account: 'Konto',
    developers: 'Entwickler',
    documentation: 'Dokumentation',
    language: 'Sprache',
    rights: '© {{year}} {{name}}. Ohne Verwahrung: Ihr Geld, Ihre Schlüssel.',
  },
};

export const locales = { en, es, fr, de };
