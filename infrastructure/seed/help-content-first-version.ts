// The first versions of the help content (decision 0128): the FAQ and the three legal pages as
// they were in public/locales/*/help.json before they moved to the database, copied verbatim (the
// legal pages' sections as Markdown `## ` headings, their lists as `- ` items), with the privacy
// policy's sections 7 and 8 and the FAQ's account closing as migration 2026-11-28T1000 rewrote
// them (decision 0218). Written by
// seedHelpContent when the database has no legal page yet; admins edit them at /admin/content.
import type { FaqGroup, LegalSlug } from "#domain/help-content/help-content.entity";

/** When these texts last changed (the date the pages showed before). */
export const HELP_CONTENT_FIRST_VERSION_AT = "2026-11-22T09:00:00Z";

export interface SeedLegalPage {
  slug: LegalSlug;
  titleEn: string;
  titleFr: string;
  bodyEn: string;
  bodyFr: string;
}

export interface SeedFaqEntry {
  group: FaqGroup;
  questionEn: string;
  questionFr: string;
  answerEn: string;
  answerFr: string;
}

export const SEED_LEGAL_PAGES: SeedLegalPage[] = [
  {
    slug: "terms",
    titleEn: "Terms of Service",
    titleFr: "Conditions d'utilisation",
    bodyEn: [
      "These terms are an agreement between you and KamerNest, an online marketplace that helps students and young professionals find rooms, studios, apartments and guest houses in Buea, Cameroon. By creating an account or using the site you accept them. Please read them: they are short on purpose.",
      "## 1. What KamerNest does",
      "KamerNest lists properties published by agents and guest houses published by hosts. We let you browse for free, book visit slots, contact agents and pay platform fees by mobile money. Agents are paid their commissions by mobile money through our payment provider, once a week (see the Agent terms).",
      "We are not the landlord, the agent or the host. The rental contract, the rent, the advance and the caution (deposit) are agreed between you and the landlord or agent, never through KamerNest.",
      "## 2. Your account",
      "You need an account to book visits, save listings, contact agents and pay. Give your real name, an e-mail address you read and, if you wish, a Cameroonian phone number.",
      "Keep your password to yourself. You are responsible for what is done with your account; tell us at once if you think someone else used it. You can close your account at any time (see the Privacy Policy).",
      "## 3. Visit booking subscription: 8 000 FCFA for 14 days",
      "Browsing listings is free. Booking visits needs an active subscription, which costs 8 000 FCFA and lasts 14 days (two weeks) from the moment the payment is confirmed. During those 14 days you can book visit slots with any agent on KamerNest: up to 3 upcoming visits at a time, and one per property. Once a visit has taken place you can book another.",
      "When the 14 days are over the subscription expires on its own: nothing is taken from your mobile-money account automatically. You can renew whenever you need to.",
      "- The subscription pays for the service of organising verified visits. It is not rent, an advance or a deposit.\n- It is personal: do not share your account to let others book on your subscription.",
      "## 4. Guest houses",
      "Guest houses can be viewed by everyone. To contact a host you send a booking request from the guest house's page: you must be signed in and hold the guest-house access, a 5 000 FCFA platform fee paid by mobile money that is valid for 14 days for every guest house (paying again while it is valid extends it by 14 days from its end). KamerNest records your request (dates, number of guests, message) and opens WhatsApp with a message to the host; the dates and the price of the nights are then agreed and paid directly with the host. The access fee does not pay for any night, does not guarantee that a host accepts, and is not refunded once the access has started. Hosts cannot book or pay access for their own guest house.",
      "## 5. Paying by mobile money",
      "Payments are made in FCFA (XAF) with MTN Mobile Money or Orange Money through our payment provider. You confirm every payment on your own phone with your PIN; KamerNest never asks for your PIN and never stores it.",
      "A payment counts only once the provider confirms it. If it fails or you cancel it, nothing is charged and you can try again. Keep the reference shown after payment: we need it to look into any problem with your payment.",
      "## 6. Cancellations and refunds",
      "Because access starts as soon as the payment is confirmed, fees are not refunded once you have used them to book a visit.",
      "Starting a new payment for the same visit, subscription or guest-house access closes the one you started before, so it can no longer take money. If the same thing is still paid twice, the second payment buys nothing more (no extra days, no second access): it is listed to be refunded in full to the number that paid, and the payment's page says so. If you think you paid twice and were not told, write to us with both references.",
      "If you were charged for a payment that did not go through, or the agent did not come to a visit you booked and no other slot is possible, write to us from the contact page within 7 days with your payment reference. A refund gives back the whole payment, by mobile money, to the number that paid, through our payment provider; you receive an e-mail once the money has arrived. A refund withdraws what the payment bought: the subscription days it gave, the guest-house access, or the visit it paid for if it has not taken place. We may instead, as you prefer, extend your access by 14 days, or refund you and leave what the payment bought.",
      "## 7. Visits and your safety",
      "Never pay rent, an advance, a registration or a reservation fee for a room you have not visited. If an agent asks for money before the visit, refuse and report the listing.",
      "The Verified badge means our team has checked an agent's documents or a listing's details. It reduces risk; it does not guarantee the property or replace your own checks during the visit.",
      "## 8. What is not allowed",
      "- publishing false, misleading or duplicate listings, or photos of another place;\n- asking for money outside the rules above, or using KamerNest to scam or harass anyone;\n- posting offensive content, other people's personal data, or reviews about visits that did not happen;\n- copying the site's data in bulk, or trying to break its security.",
      "We may hide content, suspend or close accounts that break these rules. Nobody can book, confirm, review or report their own listing. A listing reported by two different trusted users (a confirmed e-mail address and an account at least one day old) is hidden until our team reviews it.",
      "## 9. Our responsibility",
      "We work hard to keep KamerNest available and its information correct, but we cannot promise that a listing is accurate, that a property is still free, or that the site is never interrupted. Within the limits allowed by law, our responsibility towards you is limited to the fees you paid us in the last three months.",
      "## 10. Changes and applicable law",
      "We may update these terms; the date at the top changes and, for important changes, we tell you by e-mail before they apply. These terms are governed by the laws of the Republic of Cameroon. We will always try to settle a disagreement amicably first; failing that, the competent courts of Buea (Fako) will decide.",
    ].join("\n\n"),
    bodyFr: [
      "Ces conditions forment un accord entre vous et KamerNest, une place de marché en ligne qui aide les étudiants et les jeunes actifs à trouver chambres, studios, appartements et maisons d'hôtes à Buea, au Cameroun. En créant un compte ou en utilisant le site, vous les acceptez. Prenez le temps de les lire : elles sont courtes exprès.",
      "## 1. Ce que fait KamerNest",
      "KamerNest affiche des logements publiés par des agents et des maisons d'hôtes publiées par des hôtes. Vous pouvez consulter gratuitement, réserver des créneaux de visite, contacter les agents et payer les frais de la plateforme par mobile money. Les agents reçoivent leurs commissions par mobile money, via notre prestataire de paiement, une fois par semaine (voir les conditions des agents).",
      "Nous ne sommes ni le propriétaire, ni l'agent, ni l'hôte. Le contrat de location, le loyer, l'avance et la caution se négocient entre vous et le propriétaire ou l'agent, jamais par KamerNest.",
      "## 2. Votre compte",
      "Un compte est nécessaire pour réserver des visites, garder des annonces, contacter les agents et payer. Indiquez votre vrai nom, une adresse e-mail que vous consultez et, si vous le souhaitez, un numéro de téléphone camerounais.",
      "Gardez votre mot de passe pour vous. Vous êtes responsable de ce qui est fait avec votre compte ; prévenez-nous tout de suite si vous pensez que quelqu'un d'autre l'a utilisé. Vous pouvez fermer votre compte à tout moment (voir la Politique de confidentialité).",
      "## 3. Abonnement de réservation : 8 000 FCFA pour 14 jours",
      "Consulter les annonces est gratuit. Réserver des visites demande un abonnement actif, qui coûte 8 000 FCFA et dure 14 jours (deux semaines) à partir de la confirmation du paiement. Pendant ces 14 jours, vous pouvez réserver des créneaux de visite avec tous les agents de KamerNest : jusqu'à 3 visites à venir à la fois, et une par logement. Une fois une visite effectuée, vous pouvez en réserver une autre.",
      "À la fin des 14 jours, l'abonnement expire de lui-même : rien n'est prélevé automatiquement sur votre compte mobile money. Vous le renouvelez quand vous en avez besoin.",
      "- L'abonnement paie le service d'organisation de visites vérifiées. Ce n'est ni un loyer, ni une avance, ni une caution.\n- Il est personnel : ne prêtez pas votre compte pour que d'autres réservent avec votre abonnement.",
      "## 4. Maisons d'hôtes",
      "Tout le monde peut consulter les maisons d'hôtes. Pour contacter un hôte, vous envoyez une demande de réservation depuis la page de sa maison d'hôtes : vous devez être connecté et disposer de l'accès maisons d'hôtes, des frais de plateforme de 5 000 FCFA payés par mobile money et valables 14 jours pour toutes les maisons d'hôtes (payer à nouveau pendant sa validité le prolonge de 14 jours à partir de sa fin). KamerNest enregistre votre demande (dates, nombre de personnes, message) et ouvre WhatsApp avec un message pour l'hôte ; les dates et le prix des nuits se conviennent ensuite et se paient directement avec l'hôte. Les frais d'accès ne paient aucune nuit, ne garantissent pas qu'un hôte accepte et ne sont pas remboursés une fois l'accès commencé. Un hôte ne peut ni réserver ni payer l'accès pour sa propre maison d'hôtes.",
      "## 5. Payer par mobile money",
      "Les paiements se font en FCFA (XAF) avec MTN Mobile Money ou Orange Money, via notre prestataire de paiement. Vous confirmez chaque paiement sur votre propre téléphone avec votre code secret ; KamerNest ne vous le demande jamais et ne le conserve jamais.",
      "Un paiement ne compte qu'une fois confirmé par le prestataire. S'il échoue ou si vous l'annulez, rien n'est prélevé et vous pouvez réessayer. Gardez la référence affichée après le paiement : nous en avons besoin pour examiner tout problème de paiement.",
      "## 6. Annulations et remboursements",
      "L'accès commençant dès la confirmation du paiement, les frais ne sont pas remboursés une fois utilisés pour réserver une visite.",
      "Lancer un nouveau paiement pour la même visite, le même abonnement ou le même accès maisons d'hôtes clôture celui que vous aviez lancé avant : il ne peut plus rien prélever. Si la même chose est malgré tout payée deux fois, le second paiement n'achète rien de plus (ni jours en plus, ni second accès) : il est inscrit pour être remboursé en entier sur le numéro qui a payé, et la page du paiement l'indique. Si vous pensez avoir payé deux fois sans en être informé, écrivez-nous avec les deux références.",
      "Si vous avez été débité pour un paiement qui n'a pas abouti, ou si l'agent n'est pas venu à une visite que vous aviez réservée sans autre créneau possible, écrivez-nous depuis la page de contact dans les 7 jours avec votre référence de paiement. Un remboursement rend le paiement entier, par mobile money, au numéro qui a payé, par l'intermédiaire de notre prestataire de paiement ; vous recevez un e-mail dès que l'argent est arrivé. Un remboursement retire ce que le paiement avait acheté : les jours d'abonnement qu'il donnait, l'accès aux maisons d'hôtes, ou la visite qu'il payait si elle n'a pas eu lieu. Nous pouvons aussi, selon votre choix, prolonger votre accès de 14 jours, ou vous rembourser en vous laissant ce que le paiement avait acheté.",
      "## 7. Les visites et votre sécurité",
      "Ne payez jamais de loyer, d'avance, de frais d'inscription ou de réservation pour une chambre que vous n'avez pas visitée. Si un agent demande de l'argent avant la visite, refusez et signalez l'annonce.",
      "Le badge Vérifié signifie que notre équipe a contrôlé les documents d'un agent ou les informations d'une annonce. Il réduit le risque ; il ne garantit pas le logement et ne remplace pas vos propres vérifications pendant la visite.",
      "## 8. Ce qui est interdit",
      "- publier des annonces fausses, trompeuses ou en double, ou les photos d'un autre logement ;\n- demander de l'argent en dehors des règles ci-dessus, ou utiliser KamerNest pour escroquer ou harceler qui que ce soit ;\n- publier des contenus choquants, les données personnelles d'autrui, ou des avis sur des visites qui n'ont pas eu lieu ;\n- copier en masse les données du site, ou tenter d'en contourner la sécurité.",
      "Nous pouvons masquer des contenus, suspendre ou fermer les comptes qui enfreignent ces règles. Personne ne peut réserver, confirmer, évaluer ou signaler sa propre annonce. Une annonce signalée par deux utilisateurs de confiance différents (adresse e-mail confirmée et compte créé depuis au moins un jour) est masquée jusqu'à l'examen de notre équipe.",
      "## 9. Notre responsabilité",
      "Nous faisons tout pour que KamerNest reste disponible et que ses informations soient justes, mais nous ne pouvons pas garantir qu'une annonce est exacte, qu'un logement est encore libre ni que le site ne sera jamais interrompu. Dans les limites permises par la loi, notre responsabilité envers vous est limitée aux frais que vous nous avez payés au cours des trois derniers mois.",
      "## 10. Modifications et droit applicable",
      "Nous pouvons mettre ces conditions à jour ; la date en haut de la page change et, pour les changements importants, nous vous prévenons par e-mail avant qu'ils s'appliquent. Ces conditions sont régies par le droit de la République du Cameroun. Nous chercherons toujours d'abord un règlement à l'amiable ; à défaut, les tribunaux compétents de Buea (Fako) trancheront.",
    ].join("\n\n"),
  },
  {
    slug: "terms-agents",
    titleEn: "Terms for Agents",
    titleFr: "Conditions pour les agents",
    bodyEn: [
      "These terms apply to estate agents, landlords and caretakers who publish properties on KamerNest, in addition to the general Terms of Service. They exist so that students can trust what they see and agents are paid fairly for the visits they do.",
      "## 1. Joining and verification",
      "Create an agent account and send us your business details and documents (national identity card, and business registration or a landlord's letter of authorisation where you have one). We check them, usually within two working days. Only approved agents can publish listings, and their listings carry the Verified agent badge.",
      "Keep your details up to date. We may ask for new documents at any time, and we may refuse or withdraw an approval if documents are false or incomplete.",
      'Once approved, your agent portal has: My properties (each listing, its status and the "Still available" button), Add property, an edit page for each property with its photos, Bookings (the visits booked on your properties), Messages (students\' questions about your properties, which you answer there; students read your answers under Messages), Profile (how students see you) and Earnings (your commissions).',
      "## 2. Listing rules",
      "- Publish only properties you are authorised to rent out, with real, recent photos of that exact place.\n- Show the true monthly rent in FCFA and the real number of months of advance; do not add hidden fees.\n- Describe water, electricity (prepaid meter or shared), toilet and shower honestly.\n- Confirm availability at least every 14 days. Listings not confirmed for more than 14 days show a warning to students.\n- Mark a property Booked, Rented out or Unavailable as soon as it is no longer free.",
      "## 3. Visits",
      "Students book visit slots within the visiting hours you set; a student can hold at most 3 upcoming visit bookings, and one per property. Each paid or subscription-covered booking appears under Bookings in your portal, with the date, the time and the student's contact details; you can filter it by property, day and status. Answer each one there: accept the time, propose another free time (the student accepts it or keeps theirs), or decline with a reason (the visit is then cancelled). Students may cancel or move an upcoming visit; you are told by e-mail each time. Nothing is refunded for a cancelled visit: the student keeps their subscription. Be there on time. After the visit, it is the student who tells KamerNest whether the visit took place, on their Confirm your visits page.",
      "- Never ask a student for money before the visit: no registration, reservation or transport fee.\n- Give a written receipt for every payment the student makes to you after the visit.",
      "## 4. Commission and payouts",
      "You earn 5 000 FCFA for a confirmed viewing: a visit booked through KamerNest that the student confirmed as having taken place. A visit the student says did not take place, or a cancelled one, earns nothing. You earn at most one commission per student in each of that student's subscription periods: more visits by the same student in the same period are welcome but earn nothing more. Nobody can book, confirm, review or report their own listing, and a visit to your own listing never earns a commission.",
      "A commission stays pending until the weekly payout. The payout runs by itself once a week, every Monday at 00:00 (Buea time) unless the Earnings page of your portal shows another date, and sends you in one mobile-money transfer (MTN Mobile Money or Orange Money), through our payment provider, all your pending commissions confirmed before that instant, to the payout number you set on the Earnings page (changing it asks for your password, and we e-mail you each time it changes). An administrator may also send a payout at another time. The Earnings page shows each payout with its date, number, amount, status and the provider's reference, and we e-mail you when it is paid or fails. A commission counts as paid only once the provider confirms the transfer; if a transfer fails, the commissions are pending again and go out with the next payout, and the Earnings page shows the reason. Without a payout number your commissions wait. An administrator may void a pending commission that breaks these rules, always with a written reason. The Earnings page of your portal shows each commission and its status. Tell us within 30 days if an amount looks wrong.",
      "## 5. Reviews and reports",
      "Students who confirmed a visit with you can rate you from 1 to 5 stars with a comment, once per visit. You can reply publicly to each review, once. Do not offer anything in exchange for good reviews.",
      "Students can report listings. When two different trusted users (a confirmed e-mail address and an account at least one day old) report the same listing it is hidden until our team reviews it; a report that is upheld keeps it hidden and marks it unavailable.",
      "## 6. Suspension",
      "We may hide listings or suspend an agent account, after telling you why, when these rules are broken: false listings, money asked before visits, repeated no-shows, or upheld reports. Commissions earned for genuine confirmed visits before a suspension are still paid.",
      "## 7. Students' data",
      "Use the names and contact details of students only to organise their visit and rental. Do not add them to marketing lists or share them with others.",
    ].join("\n\n"),
    bodyFr: [
      "Ces conditions s'appliquent aux agents immobiliers, propriétaires et gardiens qui publient des logements sur KamerNest, en plus des Conditions d'utilisation générales. Elles existent pour que les étudiants puissent se fier à ce qu'ils voient et que les agents soient payés équitablement pour les visites qu'ils font.",
      "## 1. Inscription et vérification",
      "Créez un compte agent et envoyez-nous vos informations professionnelles et vos documents (carte nationale d'identité, et registre de commerce ou lettre d'autorisation du propriétaire si vous en avez une). Nous les vérifions, en général sous deux jours ouvrés. Seuls les agents approuvés peuvent publier des annonces, qui portent alors le badge Agent vérifié.",
      "Tenez vos informations à jour. Nous pouvons demander de nouveaux documents à tout moment, et refuser ou retirer une approbation si des documents sont faux ou incomplets.",
      "Une fois approuvé, votre espace agent comprend : Mes logements (chaque annonce, son statut et le bouton « Toujours disponible »), Ajouter un logement, une page de modification de chaque logement avec ses photos, Réservations (les visites réservées sur vos logements), Messages (les questions des étudiants sur vos logements, auxquelles vous répondez là ; les étudiants lisent vos réponses dans Messages), Profil (ce que les étudiants voient de vous) et Gains (vos commissions).",
      "## 2. Règles des annonces",
      "- Ne publiez que des logements que vous êtes autorisé à louer, avec de vraies photos récentes de ce logement précis.\n- Indiquez le vrai loyer mensuel en FCFA et le vrai nombre de mois d'avance ; n'ajoutez pas de frais cachés.\n- Décrivez honnêtement l'eau, l'électricité (compteur prépayé ou partagé), les toilettes et la douche.\n- Confirmez la disponibilité au moins tous les 14 jours. Les annonces non confirmées depuis plus de 14 jours affichent un avertissement aux étudiants.\n- Passez un logement en Réservé, Déjà loué ou Indisponible dès qu'il n'est plus libre.",
      "## 3. Les visites",
      "Les étudiants réservent des créneaux de visite dans les heures de visite que vous fixez ; un étudiant peut avoir au plus 3 visites à venir, et une par bien. Chaque réservation payée ou couverte par un abonnement apparaît sous Réservations dans votre portail, avec la date, l'heure et les coordonnées de l'étudiant ; vous pouvez la filtrer par bien, jour et statut. Répondez à chacune : acceptez l'heure, proposez un autre créneau libre (l'étudiant l'accepte ou garde le sien) ou refusez avec un motif (la visite est alors annulée). Les étudiants peuvent annuler ou déplacer une visite à venir ; vous êtes prévenu par e-mail à chaque fois. Rien n'est remboursé pour une visite annulée : l'étudiant garde son abonnement. Soyez à l'heure. Après la visite, c'est l'étudiant qui indique à KamerNest si la visite a eu lieu, sur sa page Confirmer vos visites.",
      "- Ne demandez jamais d'argent à un étudiant avant la visite : ni frais d'inscription, ni réservation, ni transport.\n- Remettez un reçu écrit pour chaque paiement que l'étudiant vous fait après la visite.",
      "## 4. Commission et versements",
      "Vous gagnez 5 000 FCFA par visite confirmée : une visite réservée sur KamerNest dont l'étudiant a confirmé qu'elle a eu lieu. Une visite dont l'étudiant dit qu'elle n'a pas eu lieu, ou une visite annulée, ne rapporte rien. Vous gagnez au plus une commission par étudiant pour chaque période d'abonnement de cet étudiant : ses autres visites dans la même période sont les bienvenues mais ne rapportent rien de plus. Personne ne peut réserver, confirmer, évaluer ou signaler sa propre annonce, et une visite de votre propre annonce ne rapporte jamais de commission.",
      "Une commission reste en attente jusqu'au versement hebdomadaire. Le versement part de lui-même une fois par semaine, chaque lundi à 00 h 00 (heure de Buea) sauf si la page Gains de votre espace indique une autre date, et vous envoie en un seul transfert mobile money (MTN Mobile Money ou Orange Money), via notre prestataire de paiement, toutes vos commissions en attente confirmées avant ce moment, sur le numéro de versement que vous indiquez sur la page Gains (le changer demande votre mot de passe, et nous vous écrivons à chaque changement). Un administrateur peut aussi lancer un versement à un autre moment. La page Gains affiche chaque versement avec sa date, son numéro, son montant, son statut et la référence du prestataire, et nous vous écrivons quand il est payé ou échoue. Une commission n'est versée qu'une fois le transfert confirmé par le prestataire ; si un transfert échoue, les commissions repassent en attente et partent avec le versement suivant, et la page Gains en affiche le motif. Sans numéro de versement, vos commissions attendent. Un administrateur peut annuler une commission en attente qui enfreint ces règles, toujours avec un motif écrit. La page Gains de votre espace affiche chaque commission et son statut. Signalez-nous sous 30 jours tout montant qui vous semble faux.",
      "## 5. Avis et signalements",
      "Les étudiants qui ont confirmé une visite avec vous peuvent vous noter de 1 à 5 étoiles avec un commentaire, une fois par visite. Vous pouvez répondre publiquement à chaque avis, une seule fois. N'offrez rien en échange de bons avis.",
      "Les étudiants peuvent signaler des annonces. Lorsque deux utilisateurs de confiance différents (adresse e-mail confirmée et compte créé depuis au moins un jour) signalent la même annonce, elle est masquée jusqu'à l'examen de notre équipe ; un signalement retenu la laisse masquée et la passe en indisponible.",
      "## 6. Suspension",
      "Nous pouvons masquer des annonces ou suspendre un compte agent, après vous en avoir donné la raison, en cas de manquement à ces règles : annonces fausses, argent demandé avant les visites, absences répétées ou signalements retenus. Les commissions gagnées pour de vraies visites confirmées avant une suspension restent dues.",
      "## 7. Les données des étudiants",
      "N'utilisez les noms et coordonnées des étudiants que pour organiser leur visite et leur location. Ne les ajoutez pas à des listes de prospection et ne les transmettez à personne.",
    ].join("\n\n"),
  },
  {
    slug: "privacy",
    titleEn: "Privacy Policy",
    titleFr: "Politique de confidentialité",
    bodyEn: [
      "This policy explains what we do with your personal data when you use KamerNest. We collect as little as we can, we never sell it, and you can ask us at any time to see, correct or delete it.",
      "## 1. Who is responsible",
      "KamerNest, based in Molyko, Buea, Cameroon, is responsible for your data. For any question or request about your data, use the contact page or the support e-mail address shown at the bottom of every page.",
      "## 2. What we collect",
      "- Account: your name, e-mail address, optional phone number, password (stored only as a one-way hash), language and, if you turn it on, the secret of your two-step verification.\n- Activity that makes the site useful to you: your wishlist, the last 20 listings you opened and your last 10 searches, your saved searches for alerts, your visit bookings and your messages with agents.\n- Payments: amount, method (MTN Mobile Money or Orange Money), the phone number used, the provider's reference and status. We never see or store your mobile-money PIN.\n- Agents and hosts: business name, contact details and the verification documents you send us.\n- Contact form: your name, e-mail, message and the IP address it came from (used only to stop abuse).\n- Technical data: server logs (address, page, time) kept to keep the service secure.",
      "## 3. Why we use it",
      "- to run your account and the services you ask for (bookings, alerts, messages, payments);\n- to keep the platform safe: verifying agents, handling reports, preventing fraud and abuse;\n- to meet our legal and accounting obligations;\n- to answer you when you write to us.",
      "We do not use your data for advertising and we do not sell it.",
      "## 4. Who we share it with",
      "- The agent of a property you book or contact sees your name, the message and, for a booking, the contact details you enter.\n- A guest-house host receives the WhatsApp message you choose to send after a booking request, and sees your name and the dates you asked for; never your e-mail or phone number.\n- Our mobile-money payment provider processes your payments.\n- Our e-mail provider delivers our messages to you.\n- Authorities, only when Cameroonian law requires it.",
      "## 5. Cookies and storage in your browser",
      "We use three small cookies: kn_session keeps you signed in (it holds only a random session number), kn_lang remembers your language and kn_theme your theme. Your browser also keeps your language and theme under the keys language and theme. There are no advertising or tracking cookies. If live chat is enabled, the chat provider may set its own cookies when you open it.",
      "## 6. How long we keep it",
      "- Account data: as long as your account is open.\n- View history: the last 20 listings; search history: the last 10 searches. Older entries are deleted automatically.\n- Sessions: until you log out or they expire; you can sign out of every device from your profile.\n- Messages and bookings: as long as your account is open, so that both sides can refer to them.\n- Contact messages: 12 months, then deleted automatically.\n- Verification documents of agents and hosts: 90 days after our decision on them, then deleted automatically; the decision, its date and who made it are kept.\n- Copies of the e-mails we send you: 30 days, then deleted automatically.\n- Server logs: 30 days.\n- Payment records and invoices: 10 years, as Cameroonian (OHADA) accounting rules require, even after your account is closed.",
      "## 7. Deleting your data",
      "You can remove listings from your wishlist yourself, and close your account yourself from your profile (Your data → Close my account) with your password. You are signed out everywhere at once; your name, e-mail address and phone are removed (the address can open a new account); your wishlist, view and search histories, saved searches and preferences are deleted. Payment, commission and payout records stay for 10 years, as the law requires, linked to the closed account without your name; reviews and messages you wrote stay, shown as “Former user”. An account cannot close while something is still open (a visit booked on an agent's listing, unpaid earnings, a guest's stay at a host's house, a pending payment) or if it is the last administrator: the page says what to settle first. To clear only your view or search history, write to us from the contact page.",
      "## 8. Your rights",
      "You can download everything we hold about you from your profile (Your data → Download my data), with your password: one JSON file with your account, preferences, wishlist, histories, saved searches, bookings, payments and their references, messages, reviews, reports, guest-house requests and, for agents and hosts, listings, earnings, payouts and the names and dates of your documents. You can correct your name and phone on your profile, and ask us to correct anything else, to delete it, or to object to a use of it. We answer within 30 days. If you are not satisfied with our answer, you may complain to the competent Cameroonian authority.",
      "## 9. Security",
      "Passwords are hashed, connections are encrypted, sessions can be revoked, and agents' documents are stored privately. Administrators can use two-step verification. No system is perfect: if a breach puts your data at risk we will tell you quickly.",
    ].join("\n\n"),
    bodyFr: [
      "Cette politique explique ce que nous faisons de vos données personnelles lorsque vous utilisez KamerNest. Nous en collectons le moins possible, nous ne les vendons jamais, et vous pouvez à tout moment nous demander de les consulter, de les corriger ou de les supprimer.",
      "## 1. Qui est responsable",
      "KamerNest, installé à Molyko, Buea, Cameroun, est responsable de vos données. Pour toute question ou demande à leur sujet, utilisez la page de contact ou l'adresse e-mail du support indiquée en bas de chaque page.",
      "## 2. Ce que nous collectons",
      "- Compte : votre nom, votre adresse e-mail, votre numéro de téléphone (facultatif), votre mot de passe (conservé uniquement sous forme d'empreinte irréversible), votre langue et, si vous l'activez, le secret de votre vérification en deux étapes.\n- L'activité qui rend le site utile : vos favoris, les 20 dernières annonces consultées et vos 10 dernières recherches, vos recherches enregistrées pour les alertes, vos réservations de visite et vos messages avec les agents.\n- Paiements : montant, moyen (MTN Mobile Money ou Orange Money), numéro utilisé, référence et statut chez le prestataire. Nous ne voyons ni ne conservons jamais votre code secret mobile money.\n- Agents et hôtes : nom commercial, coordonnées et documents de vérification que vous nous envoyez.\n- Formulaire de contact : votre nom, votre e-mail, votre message et l'adresse IP d'envoi (utilisée uniquement contre les abus).\n- Données techniques : journaux du serveur (adresse, page, heure) conservés pour la sécurité du service.",
      "## 3. Pourquoi nous les utilisons",
      "- faire fonctionner votre compte et les services demandés (réservations, alertes, messages, paiements) ;\n- protéger la plateforme : vérifier les agents, traiter les signalements, prévenir la fraude et les abus ;\n- respecter nos obligations légales et comptables ;\n- vous répondre quand vous nous écrivez.",
      "Nous n'utilisons pas vos données pour la publicité et nous ne les vendons pas.",
      "## 4. Avec qui nous les partageons",
      "- L'agent d'un logement que vous réservez ou contactez voit votre nom, votre message et, pour une réservation, les coordonnées que vous indiquez.\n- L'hôte d'une maison d'hôtes reçoit le message WhatsApp que vous choisissez de lui envoyer après une demande de réservation, et voit votre nom et les dates demandées ; jamais votre e-mail ni votre numéro de téléphone.\n- Notre prestataire de paiement mobile money traite vos paiements.\n- Notre prestataire d'e-mail vous achemine nos messages.\n- Les autorités, uniquement lorsque la loi camerounaise l'exige.",
      "## 5. Cookies et stockage dans votre navigateur",
      "Nous utilisons trois petits cookies : kn_session vous garde connecté (il ne contient qu'un numéro de session aléatoire), kn_lang retient votre langue et kn_theme votre thème. Votre navigateur garde aussi votre langue et votre thème sous les clés language et theme. Il n'y a aucun cookie publicitaire ni de pistage. Si le chat en direct est activé, son fournisseur peut déposer ses propres cookies quand vous l'ouvrez.",
      "## 6. Combien de temps nous les gardons",
      "- Données du compte : tant que votre compte est ouvert.\n- Historique de consultation : les 20 dernières annonces ; historique de recherche : les 10 dernières recherches. Les entrées plus anciennes sont supprimées automatiquement.\n- Sessions : jusqu'à la déconnexion ou leur expiration ; vous pouvez vous déconnecter de tous vos appareils depuis votre profil.\n- Messages et réservations : tant que votre compte est ouvert, pour que chaque partie puisse s'y référer.\n- Messages de contact : 12 mois, puis supprimés automatiquement.\n- Documents de vérification des agents et des hôtes : 90 jours après notre décision, puis supprimés automatiquement ; la décision, sa date et son auteur sont conservés.\n- Copies des e-mails que nous vous envoyons : 30 jours, puis supprimées automatiquement.\n- Journaux du serveur : 30 jours.\n- Justificatifs de paiement et factures : 10 ans, comme l'exigent les règles comptables camerounaises (OHADA), même après la fermeture du compte.",
      "## 7. Supprimer vos données",
      "Vous pouvez retirer vous-même des annonces de vos favoris, et fermer vous-même votre compte depuis votre profil (Vos données → Fermer mon compte) avec votre mot de passe. Vous êtes déconnecté partout immédiatement ; votre nom, votre adresse e-mail et votre téléphone sont effacés (l'adresse peut ouvrir un nouveau compte) ; vos favoris, historiques de consultation et de recherche, recherches enregistrées et préférences sont supprimés. Les justificatifs de paiement, de commission et de versement sont conservés 10 ans, comme l'exige la loi, rattachés au compte fermé sans votre nom ; vos avis et messages restent, affichés comme « Ancien utilisateur ». Un compte ne peut pas être fermé tant que quelque chose est en cours (une visite réservée sur l'annonce d'un agent, des commissions non versées, le séjour d'un voyageur chez un hôte, un paiement en attente) ni s'il est le dernier administrateur : la page indique ce qu'il faut régler d'abord. Pour effacer seulement votre historique de consultation ou de recherche, écrivez-nous depuis la page de contact.",
      "## 8. Vos droits",
      "Vous pouvez télécharger tout ce que nous détenons sur vous depuis votre profil (Vos données → Télécharger mes données), avec votre mot de passe : un fichier JSON avec votre compte, vos préférences, vos favoris, vos historiques, vos recherches enregistrées, vos réservations, vos paiements et leurs références, vos messages, vos avis, vos signalements, vos demandes de maisons d'hôtes et, pour les agents et les hôtes, les annonces, commissions, versements et le nom et la date de vos documents. Vous pouvez corriger votre nom et votre téléphone sur votre profil, et nous demander de corriger le reste, de le supprimer ou de vous opposer à un usage. Nous répondons sous 30 jours. Si notre réponse ne vous satisfait pas, vous pouvez saisir l'autorité camerounaise compétente.",
      "## 9. Sécurité",
      "Les mots de passe sont chiffrés de façon irréversible, les connexions sont chiffrées, les sessions peuvent être révoquées et les documents des agents sont stockés de façon privée. Les administrateurs peuvent utiliser la vérification en deux étapes. Aucun système n'est parfait : si une faille met vos données en danger, nous vous prévenons rapidement.",
    ].join("\n\n"),
  },
];

/** In page order: by group, then as listed. */
export const SEED_FAQ_ENTRIES: SeedFaqEntry[] = [
  {
    group: "finding",
    questionEn: "Is it free to look at listings?",
    questionFr: "Consulter les annonces est-il gratuit ?",
    answerEn: "Yes. Anyone can browse listings, agents, guest houses and the blog without an account and without paying.",
    answerFr: "Oui. Tout le monde peut parcourir les annonces, les agents, les maisons d'hôtes et le blog sans compte et sans payer.",
  },
  {
    group: "finding",
    questionEn: "What does the Verified badge mean?",
    questionFr: "Que signifie le badge Vérifié ?",
    answerEn:
      "On a listing, it means our team has checked its details with the agent. On an agent, it means we have checked their identity and business documents. It lowers the risk a lot, but always visit before you pay anything.",
    answerFr:
      "Sur une annonce, il signifie que notre équipe en a contrôlé les informations avec l'agent. Sur un agent, que nous avons vérifié son identité et ses documents professionnels. Le risque baisse beaucoup, mais visitez toujours avant de payer quoi que ce soit.",
  },
  {
    group: "finding",
    questionEn: 'What is "months of advance"?',
    questionFr: "Que veut dire « mois d'avance » ?",
    answerEn:
      "Most landlords in Buea ask for several months of rent before you move in. Each listing shows how many months are asked and the total, so you can compare the real cost of moving in.",
    answerFr:
      "La plupart des propriétaires de Buea demandent plusieurs mois de loyer avant l'entrée dans les lieux. Chaque annonce indique le nombre de mois demandés et le total, pour comparer le vrai coût d'emménagement.",
  },
  {
    group: "finding",
    questionEn: 'What does "availability last confirmed" mean?',
    questionFr: "Que signifie « disponibilité confirmée pour la dernière fois » ?",
    answerEn:
      "Agents confirm that a property is still free at least every 14 days. If the last confirmation is older, we show a warning: ask the agent before booking a visit.",
    answerFr:
      "Les agents confirment au moins tous les 14 jours qu'un logement est encore libre. Si la dernière confirmation est plus ancienne, nous affichons un avertissement : demandez à l'agent avant de réserver une visite.",
  },
  {
    group: "finding",
    questionEn: "Can I get alerts for new rooms?",
    questionFr: "Puis-je recevoir des alertes pour les nouvelles chambres ?",
    answerEn:
      'Yes. Sign in, filter the listings the way you like, then press "Save this search". We e-mail you when a new listing matches.',
    answerFr:
      "Oui. Connectez-vous, filtrez les annonces comme vous le souhaitez, puis appuyez sur « Enregistrer cette recherche ». Nous vous écrivons dès qu'une nouvelle annonce correspond.",
  },
  {
    group: "visits",
    questionEn: "Why do I pay 8 000 FCFA?",
    questionFr: "Pourquoi payer 8 000 FCFA ?",
    answerEn:
      "The subscription gives you 14 days to book visit slots with any agent on KamerNest. It pays for verifying agents and organising visits. It is not rent and it does not go to the landlord.",
    answerFr:
      "L'abonnement vous donne 14 jours pour réserver des créneaux de visite avec tous les agents de KamerNest. Il finance la vérification des agents et l'organisation des visites. Ce n'est pas un loyer et il ne va pas au propriétaire.",
  },
  {
    group: "visits",
    questionEn: "What happens after 14 days?",
    questionFr: "Que se passe-t-il après 14 jours ?",
    answerEn: "Your access simply expires. Nothing is taken from your account automatically; you can renew whenever you want.",
    answerFr: "Votre accès expire, tout simplement. Rien n'est prélevé automatiquement ; vous renouvelez quand vous voulez.",
  },
  {
    group: "visits",
    questionEn: "How many visits can I book?",
    questionFr: "Combien de visites puis-je réserver ?",
    answerEn: "Up to 3 upcoming visits at a time, and one per property. Once a visit has taken place you can book another.",
    answerFr: "Jusqu'à 3 visites à venir à la fois, et une par logement. Une fois une visite effectuée, vous pouvez en réserver une autre.",
  },
  {
    group: "visits",
    questionEn: "Can I cancel or move a visit?",
    questionFr: "Puis-je annuler ou déplacer une visite ?",
    answerEn:
      "Yes, until the day of the visit, from the bookings list on your profile: Change time picks another free slot, Cancel frees the slot. The agent is told by e-mail. Nothing is refunded: you keep your subscription and can book another visit with it. If the agent proposes another time, you accept it or keep yours from the same list.",
    answerFr:
      "Oui, jusqu'au jour de la visite, depuis la liste des réservations de votre profil : Changer l'heure choisit un autre créneau libre, Annuler libère le créneau. L'agent est prévenu par e-mail. Rien n'est remboursé : vous gardez votre abonnement et pouvez réserver une autre visite avec. Si l'agent propose une autre heure, vous l'acceptez ou gardez la vôtre depuis la même liste.",
  },
  {
    group: "visits",
    questionEn: "Who confirms that a visit took place?",
    questionFr: "Qui confirme qu'une visite a eu lieu ?",
    answerEn:
      "You do. After the visit date, your profile shows a link to confirm your visits: say whether the visit took place. The agent earns the commission only for a visit you confirm.",
    answerFr:
      "Vous. Après la date de la visite, votre profil affiche un lien pour confirmer vos visites : indiquez si la visite a eu lieu. L'agent ne gagne la commission que pour une visite que vous confirmez.",
  },
  {
    group: "visits",
    questionEn: "Should I pay the agent before the visit?",
    questionFr: "Dois-je payer l'agent avant la visite ?",
    answerEn:
      'Never. No registration, reservation or transport fee before you have seen the room. If someone asks, refuse and use "Report this listing".',
    answerFr:
      "Jamais. Aucun frais d'inscription, de réservation ou de transport avant d'avoir vu la chambre. Si quelqu'un vous en demande, refusez et utilisez « Signaler cette annonce ».",
  },
  {
    group: "visits",
    questionEn: "The agent did not come to my visit. What now?",
    questionFr: "L'agent n'est pas venu à ma visite. Que faire ?",
    answerEn:
      "Tell us from the contact page within 7 days with your booking reference. We will extend your access by 14 days or refund the whole payment by mobile money to the number that paid; you get an e-mail once the money has arrived.",
    answerFr:
      "Prévenez-nous depuis la page de contact dans les 7 jours avec votre référence de réservation. Nous prolongeons votre accès de 14 jours ou remboursons le paiement entier par mobile money au numéro qui a payé ; vous recevez un e-mail dès que l'argent est arrivé.",
  },
  {
    group: "paying",
    questionEn: "How do I pay?",
    questionFr: "Comment payer ?",
    answerEn:
      "Choose MTN Mobile Money or Orange Money, enter the 9-digit number of your account (we add +237), then confirm the payment on your phone with your PIN.",
    answerFr:
      "Choisissez MTN Mobile Money ou Orange Money, saisissez les 9 chiffres du numéro de votre compte (nous ajoutons +237), puis confirmez le paiement sur votre téléphone avec votre code secret.",
  },
  {
    group: "paying",
    questionEn: "My payment failed or I cancelled it. Was I charged?",
    questionFr: "Mon paiement a échoué ou je l'ai annulé. Ai-je été débité ?",
    answerEn:
      "No. A payment counts only once the provider confirms it. You can try again straight away. If money left your account but the payment shows as failed, write to us with the reference: we check with the provider and refund you.",
    answerFr:
      "Non. Un paiement ne compte qu'une fois confirmé par le prestataire. Vous pouvez réessayer tout de suite. Si de l'argent a quitté votre compte alors que le paiement apparaît en échec, écrivez-nous avec la référence : nous vérifions auprès du prestataire et vous remboursons.",
  },
  {
    group: "paying",
    questionEn: "Does KamerNest keep my PIN?",
    questionFr: "KamerNest garde-t-il mon code secret ?",
    answerEn: "No. You type your PIN only on your phone, in the MTN or Orange prompt. Nobody from KamerNest will ever ask for it.",
    answerFr:
      "Non. Vous saisissez votre code uniquement sur votre téléphone, dans la fenêtre MTN ou Orange. Personne chez KamerNest ne vous le demandera jamais.",
  },
  {
    group: "guestHouses",
    questionEn: "Can I book a guest house on KamerNest?",
    questionFr: "Puis-je réserver une maison d'hôtes sur KamerNest ?",
    answerEn:
      "Yes. Open a guest house, choose Book this guest house, and enter your dates (at most 30 nights, none the host has blocked), the number of guests and a message. KamerNest then opens WhatsApp with your request to the host; you agree the price and pay the nights directly with the host. Your requests are listed on your profile.",
    answerFr:
      "Oui. Ouvrez une maison d'hôtes, choisissez Réserver cette maison d'hôtes et indiquez vos dates (30 nuits au plus, aucune bloquée par l'hôte), le nombre de personnes et un message. KamerNest ouvre ensuite WhatsApp avec votre demande pour l'hôte ; vous convenez du prix et payez les nuits directement à l'hôte. Vos demandes sont listées sur votre profil.",
  },
  {
    group: "guestHouses",
    questionEn: "Do I pay KamerNest anything for guest houses?",
    questionFr: "Dois-je payer quelque chose à KamerNest pour les maisons d'hôtes ?",
    answerEn:
      "Yes: sending booking requests needs the guest-house access, 5 000 FCFA by MTN Mobile Money or Orange Money, valid 14 days for every guest house. If you are sent to pay it from a booking form, you come back to the form with what you typed. The fee does not pay for the nights, which are always paid to the host. Your profile shows until when your access is valid, with a button to renew it.",
    answerFr:
      "Oui : envoyer des demandes de réservation nécessite l'accès maisons d'hôtes, 5 000 FCFA par MTN Mobile Money ou Orange Money, valable 14 jours pour toutes les maisons d'hôtes. Si vous êtes envoyé le payer depuis un formulaire de réservation, vous revenez au formulaire avec ce que vous aviez saisi. Ces frais ne paient pas les nuits, qui se paient toujours à l'hôte. Votre profil indique jusqu'à quand votre accès est valable, avec un bouton pour le renouveler.",
  },
  {
    group: "guestHouses",
    questionEn: "How do I list my guest house, and what does the Verified host badge mean?",
    questionFr: "Comment publier ma maison d'hôtes, et que signifie le badge Hôte vérifié ?",
    answerEn:
      "Sign in and choose Become a host in your profile menu. Send an identity document and a proof that you own or run the house, then add your guest house with its photos, price per night and WhatsApp number. It is shown to guests once a KamerNest admin has checked your documents; from then on your houses carry the Verified host badge. Guests write to you on WhatsApp: KamerNest never shares their phone number or e-mail.",
    answerFr:
      "Connectez-vous et choisissez Devenir hôte dans le menu de votre profil. Envoyez une pièce d'identité et une preuve que vous possédez ou gérez la maison, puis ajoutez votre maison d'hôtes avec ses photos, son prix par nuit et votre numéro WhatsApp. Elle est visible par les voyageurs dès qu'un administrateur de KamerNest a vérifié vos documents ; vos maisons portent alors le badge Hôte vérifié. Les voyageurs vous écrivent sur WhatsApp : KamerNest ne partage jamais leur téléphone ni leur e-mail.",
  },
  {
    group: "agents",
    questionEn: "How do I become an agent on KamerNest?",
    questionFr: "Comment devenir agent sur KamerNest ?",
    answerEn:
      "Sign up as an agent and send your documents. Once we approve your account, your agent portal lets you add properties with their photos, edit them, see the visits booked on them, answer students' messages and keep your public profile up to date.",
    answerFr:
      "Inscrivez-vous comme agent et envoyez vos documents. Une fois votre compte approuvé, votre espace agent vous permet d'ajouter des logements avec leurs photos, de les modifier, de voir les visites réservées, de répondre aux messages des étudiants et de tenir à jour votre profil public.",
  },
  {
    group: "agents",
    questionEn: "How much do agents earn?",
    questionFr: "Combien gagnent les agents ?",
    answerEn:
      "5 000 FCFA for each visit the student confirms took place, at most once per student in each of their subscription periods. The commission stays pending until the weekly payout, every Monday at 00:00 (Buea time) unless your Earnings page shows another date: your commissions confirmed before then go out in one mobile-money transfer to the payout number you set on your Earnings page, and count as paid once the provider confirms it (we e-mail you). If a transfer fails, the page shows why and the commissions go out with the next payout.",
    answerFr:
      "5 000 FCFA pour chaque visite dont l'étudiant confirme qu'elle a eu lieu, au plus une fois par étudiant pour chacune de ses périodes d'abonnement. La commission reste en attente jusqu'au versement hebdomadaire, chaque lundi à 00 h 00 (heure de Buea) sauf si votre page Gains indique une autre date : vos commissions confirmées avant ce moment partent en un seul transfert mobile money sur le numéro de versement indiqué sur votre page Gains, et sont versées une fois le transfert confirmé par le prestataire (nous vous écrivons). Si un transfert échoue, la page en affiche le motif et les commissions partent avec le versement suivant.",
  },
  {
    group: "account",
    questionEn: "How do I change the language?",
    questionFr: "Comment changer de langue ?",
    answerEn: "Use the English / Français buttons at the top of any page. We remember your choice.",
    answerFr: "Utilisez les boutons English / Français en haut de chaque page. Nous retenons votre choix.",
  },
  {
    group: "account",
    questionEn: "The site uses too much data on my phone.",
    questionFr: "Le site consomme trop de données sur mon téléphone.",
    answerEn:
      "Turn on your browser's data saver (Save-Data). KamerNest then loads smaller photos, and loads a listing's photos only when you tap \"Show photos\".",
    answerFr:
      "Activez l'économiseur de données de votre navigateur (Save-Data). KamerNest charge alors des photos plus légères, et les photos d'une annonce seulement quand vous touchez « Afficher les photos ».",
  },
  {
    group: "account",
    questionEn: "How do I delete my account?",
    questionFr: "Comment supprimer mon compte ?",
    answerEn:
      "From your profile: Your data → Close my account, with your password. You are signed out at once, your name, e-mail and phone are removed and your wishlist, histories and saved searches deleted; payment records stay for 10 years without your name, as the law requires. You can download your data first (Your data → Download my data).",
    answerFr:
      "Depuis votre profil : Vos données → Fermer mon compte, avec votre mot de passe. Vous êtes déconnecté immédiatement, votre nom, votre e-mail et votre téléphone sont effacés et vos favoris, historiques et recherches enregistrées supprimés ; les justificatifs de paiement sont gardés 10 ans sans votre nom, comme l'exige la loi. Vous pouvez d'abord télécharger vos données (Vos données → Télécharger mes données).",
  },
];
