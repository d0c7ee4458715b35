// The six blog posts of the demo, in English and French. Real advice for students renting in
// Buea, so the blog is worth reading even in the demo. Bodies are Markdown.

export interface DemoBlogPost {
  slug: string;
  author: string;
  /** Short text drawn on the cover image. */
  coverCaption: string;
  publishedDaysAgo: number;
  en: { title: string; excerpt: string; body: string };
  fr: { title: string; excerpt: string; body: string };
}

export const DEMO_BLOG_POSTS: DemoBlogPost[] = [
  {
    slug: "rent-safely-in-buea",
    author: "Clovis Ngwa",
    coverCaption: "Renting safely in Buea",
    publishedDaysAgo: 52,
    en: {
      title: "How to rent safely in Buea as a UB student",
      excerpt:
        "Every September, new students lose money to rooms that do not exist. Here is a simple routine that keeps your money in your pocket until you have the keys.",
      body: `Every September thousands of new students arrive in Molyko looking for a room, and every September some of them lose their savings to a room that does not exist or is rented to three people at once. A few habits protect you.

## 1. See the room before you pay anything

Never send money for a room you have not visited. Not for "registration", not for "reservation", not for the agent's "transport". A genuine landlord or agent will always let you see the room first. On KamerNest you book a visit slot; you do not pay the agent for the room through the app.

## 2. Meet the landlord or the caretaker

Ask to meet the landlord or the caretaker who lives in the compound. Ask the neighbours how long they have lived there and whether water and light are regular. Five minutes of conversation tells you more than any photo.

## 3. Check the basics during the visit

- Open the taps and flush the toilet.
- Look at the meter: is it a prepaid meter for your room, or one meter shared by the whole compound?
- Check the doors, windows and burglar bars.
- Look at the ceiling for rain marks: the rainy season in Buea is long.
- Walk to the nearest road at night if you can. Is it lit?

## 4. Get everything in writing

Before you pay, write down the monthly rent, the number of months of advance, the caution (deposit) and who pays for water, light and the caretaker. Both of you sign and keep a copy. Pay by mobile money when possible, so there is a record, and always ask for a receipt.

## 5. Use verified listings

Listings with the **Verified** badge were checked by our team, and agents with the badge have shown us their business documents. It is not a guarantee, but it removes most of the fraud we see.

If something feels wrong, walk away. There are always other rooms in Buea.`,
    },
    fr: {
      title: "Louer en toute sécurité à Buea quand on est étudiant à l'UB",
      excerpt:
        "Chaque rentrée, de nouveaux étudiants perdent de l'argent pour des chambres qui n'existent pas. Voici une routine simple pour garder votre argent jusqu'à la remise des clés.",
      body: `Chaque mois de septembre, des milliers de nouveaux étudiants arrivent à Molyko à la recherche d'une chambre, et chaque année certains perdent leurs économies pour une chambre qui n'existe pas ou qui a été louée à trois personnes à la fois. Quelques habitudes suffisent pour vous protéger.

## 1. Visitez avant de payer quoi que ce soit

N'envoyez jamais d'argent pour une chambre que vous n'avez pas visitée : ni « frais d'inscription », ni « réservation », ni « transport » de l'agent. Un vrai bailleur ou un vrai agent vous laissera toujours voir la chambre d'abord. Sur KamerNest, vous réservez un créneau de visite ; vous ne payez pas le loyer à l'agent par l'application.

## 2. Rencontrez le bailleur ou le gardien

Demandez à rencontrer le bailleur ou le gardien qui vit dans la cour. Demandez aux voisins depuis combien de temps ils habitent là et si l'eau et la lumière sont régulières. Cinq minutes de conversation en disent plus que n'importe quelle photo.

## 3. Vérifiez l'essentiel pendant la visite

- Ouvrez les robinets et tirez la chasse d'eau.
- Regardez le compteur : est-ce un compteur prépayé pour votre chambre ou un seul compteur pour toute la cour ?
- Vérifiez les portes, les fenêtres et les barreaux.
- Cherchez des traces de pluie au plafond : la saison des pluies est longue à Buea.
- Si possible, marchez jusqu'à la route la plus proche le soir. Est-elle éclairée ?

## 4. Mettez tout par écrit

Avant de payer, notez le loyer mensuel, le nombre de mois d'avance, la caution et qui paie l'eau, l'électricité et le gardien. Signez tous les deux et gardez chacun une copie. Payez par mobile money quand c'est possible, pour garder une trace, et demandez toujours un reçu.

## 5. Choisissez des annonces vérifiées

Les annonces avec le badge **Vérifié** ont été contrôlées par notre équipe, et les agents qui portent ce badge nous ont montré leurs documents professionnels. Ce n'est pas une garantie absolue, mais cela élimine la plupart des fraudes que nous voyons.

Si quelque chose vous semble louche, partez. Il y a toujours d'autres chambres à Buea.`,
    },
  },
  {
    slug: "understanding-advance-rent",
    author: "Linda Mbah",
    coverCaption: "Understanding advance rent",
    publishedDaysAgo: 41,
    en: {
      title: "Understanding advance rent in Buea",
      excerpt:
        "Six months, ten months, a full year: why Buea landlords ask for so much rent up front, what is normal, and how to plan for it.",
      body: `The first surprise for many students is not the monthly rent but the **advance**. A room at 25 000 FCFA a month can mean 250 000 FCFA or more on the day you move in. Here is how it works.

## What is advance rent?

Advance rent is rent paid for several months before you live them. Most landlords in Molyko, Check Point and Bomaka ask for 6 to 12 months for student rooms and studios, often matching the academic year. Flats and family houses usually ask for 3 to 6 months, plus a **caution** (a deposit) of one or two months.

## Why landlords ask for it

Many landlords built their houses with their own savings and use the advance to finish the next floor or repay a loan. It also protects them from tenants who leave at night without paying. It is legal and normal; what matters is that it is written down.

## What is negotiable

- **The number of months.** If you cannot pay ten months, offer six and a firm date for the rest. Many landlords accept, especially after October when rooms stay empty.
- **Paying in two parts.** Half at the start of each semester is common.
- **Repairs before you move in.** Ask for the repairs to be done before you pay, not after.

## What you should always get

1. A written agreement with the rent, the number of months paid and the dates they cover.
2. A receipt for every payment.
3. Clear rules about the caution: when it is returned and what may be deducted.

## Planning your budget

Add up the advance, the caution, the agent's fee if there is one (it should be announced before the visit, not after), and the first prepaid electricity top-up. On KamerNest every listing shows the monthly rent and the number of months of advance, so you can compare real costs before you visit.`,
    },
    fr: {
      title: "Comprendre l'avance sur loyer à Buea",
      excerpt:
        "Six mois, dix mois, un an : pourquoi les bailleurs de Buea demandent autant d'avance, ce qui est normal et comment s'y préparer.",
      body: `La première surprise de beaucoup d'étudiants n'est pas le loyer mensuel mais **l'avance**. Une chambre à 25 000 FCFA par mois peut représenter 250 000 FCFA ou plus le jour de l'entrée. Voici comment cela fonctionne.

## Qu'est-ce que l'avance ?

L'avance, c'est le loyer de plusieurs mois payé avant de les vivre. À Molyko, Check Point et Bomaka, la plupart des bailleurs demandent de 6 à 12 mois pour les chambres et les studios d'étudiants, souvent l'année académique entière. Les appartements et les maisons demandent en général de 3 à 6 mois, plus une **caution** d'un ou deux mois.

## Pourquoi les bailleurs la demandent

Beaucoup de bailleurs ont construit avec leurs propres économies et utilisent l'avance pour finir l'étage suivant ou rembourser un prêt. Elle les protège aussi des locataires qui partent la nuit sans payer. C'est légal et courant ; l'essentiel est que ce soit écrit.

## Ce qui se négocie

- **Le nombre de mois.** Si vous ne pouvez pas payer dix mois, proposez-en six et une date ferme pour le reste. Beaucoup acceptent, surtout après octobre, quand les chambres restent vides.
- **Le paiement en deux fois.** La moitié au début de chaque semestre est fréquente.
- **Les réparations avant l'entrée.** Demandez qu'elles soient faites avant de payer, pas après.

## Ce que vous devez toujours obtenir

1. Un contrat écrit avec le loyer, le nombre de mois payés et les dates couvertes.
2. Un reçu pour chaque paiement.
3. Des règles claires sur la caution : quand elle est rendue et ce qui peut être retenu.

## Préparer son budget

Additionnez l'avance, la caution, les frais d'agence s'il y en a (ils doivent être annoncés avant la visite, pas après) et la première recharge d'électricité prépayée. Sur KamerNest, chaque annonce indique le loyer mensuel et le nombre de mois d'avance, pour comparer les vrais coûts avant de visiter.`,
    },
  },
  {
    slug: "prepaid-meters-explained",
    author: "KamerNest",
    coverCaption: "Prepaid meters explained",
    publishedDaysAgo: 33,
    en: {
      title: "Water and electricity: prepaid meters explained",
      excerpt:
        "Shared bills cause more quarrels in Buea compounds than anything else. How prepaid ENEO meters work, and what to ask about water before you move in.",
      body: `Ask any student in Molyko about their worst quarrel with neighbours and the answer is often the light bill. Knowing how electricity and water are paid in a compound saves you money and arguments.

## Prepaid meters

A **prepaid meter** belongs to your room or flat alone. You buy units from ENEO (at an agency, from a vendor or by mobile money), type the token into the meter and use the light until the units run out. You pay only for what you use, and nobody else's fridge or iron ends up on your bill.

Tips:

- Check that the meter number on the box matches the one the landlord gives you.
- Ask how many units are left when you move in.
- Keep your tokens and receipts: if a top-up fails, ENEO needs the token number.

## Shared (postpaid) meters

In older compounds one meter serves several rooms and the bill is divided. Ask how it is divided: by room, by number of appliances, or equally. Equal division is unfair if your neighbour cooks with an electric hot plate. Agree on the rule in writing before you move in.

## Water

Buea's water comes from the mountain and is generally good, but supply can be irregular in the dry season, especially in the higher neighbourhoods. Ask:

- Is there a tap inside the room, or one in the compound?
- Is there a reserve tank, and who pays to fill it?
- How many days a week does water usually run?

Listings on KamerNest show **Water supply** and **Prepaid meter** among the amenities, so you can filter for them. During your visit, open the tap anyway.

## Budget

A student with a prepaid meter, a phone charger, a laptop, a fan and a few bulbs usually spends between 3 000 and 6 000 FCFA a month on electricity. An electric cooker or a fridge can double that.`,
    },
    fr: {
      title: "Eau et électricité : les compteurs prépayés expliqués",
      excerpt:
        "Les factures partagées causent plus de disputes dans les cours de Buea que tout le reste. Comment fonctionnent les compteurs prépayés ENEO et ce qu'il faut demander sur l'eau avant d'emménager.",
      body: `Demandez à n'importe quel étudiant de Molyko quelle a été sa pire dispute avec ses voisins : la réponse est souvent la facture d'électricité. Savoir comment l'eau et la lumière sont payées dans une cour fait économiser de l'argent et des disputes.

## Les compteurs prépayés

Un **compteur prépayé** appartient à votre seule chambre ou à votre seul appartement. Vous achetez des unités auprès d'ENEO (en agence, chez un revendeur ou par mobile money), vous saisissez le code dans le compteur et vous consommez jusqu'à épuisement des unités. Vous ne payez que ce que vous utilisez, et le réfrigérateur ou le fer à repasser du voisin ne se retrouve pas sur votre facture.

Conseils :

- Vérifiez que le numéro du compteur correspond à celui que le bailleur vous donne.
- Demandez combien d'unités restent à votre arrivée.
- Gardez vos codes et vos reçus : si une recharge échoue, ENEO demandera le numéro du code.

## Les compteurs partagés (postpayés)

Dans les cours plus anciennes, un seul compteur dessert plusieurs chambres et la facture est divisée. Demandez comment : par chambre, selon les appareils ou à parts égales. Le partage égal est injuste si votre voisin cuisine sur une plaque électrique. Mettez la règle par écrit avant d'emménager.

## L'eau

L'eau de Buea vient de la montagne et elle est généralement bonne, mais l'approvisionnement peut être irrégulier en saison sèche, surtout dans les quartiers hauts. Demandez :

- Y a-t-il un robinet dans la chambre ou un seul dans la cour ?
- Y a-t-il un réservoir, et qui paie pour le remplir ?
- Combien de jours par semaine l'eau coule-t-elle en général ?

Les annonces KamerNest indiquent **Eau courante** et **Compteur prépayé** parmi les équipements, et vous pouvez filtrer dessus. Pendant la visite, ouvrez quand même le robinet.

## Budget

Un étudiant avec un compteur prépayé, un chargeur, un ordinateur portable, un ventilateur et quelques ampoules dépense en général entre 3 000 et 6 000 FCFA par mois d'électricité. Une plaque électrique ou un réfrigérateur peut doubler ce montant.`,
    },
  },
  {
    slug: "molyko-bomaka-great-soppo",
    author: "Grace Fon",
    coverCaption: "Molyko, Bomaka or Great Soppo?",
    publishedDaysAgo: 24,
    en: {
      title: "Molyko vs Bomaka vs Great Soppo: where should you live?",
      excerpt:
        "Walking distance to lectures, quiet nights or lower rent: the three neighbourhoods students ask about most, compared honestly.",
      body: `Where you live in Buea shapes your year: how early you wake up, how much you spend on taxis and how well you sleep before exams. Here are the three neighbourhoods students ask us about most.

## Molyko: next to campus

Molyko surrounds the University of Buea main gate. Most lecture halls are a few minutes' walk away, there are restaurants, printing shops and supermarkets on every street, and something is always open.

- **Rent:** the highest for students. A self-contained room is often 25 000 to 35 000 FCFA a month, a studio 40 000 to 55 000 FCFA.
- **Good for:** first-year students, anyone with early lectures, people who do not want to spend on transport.
- **Watch out for:** noise on weekend nights, crowded compounds, and more fake agents than anywhere else.

## Bomaka: the middle way

Bomaka sits just past Molyko. It is a short taxi ride or a long walk from campus and rents are a little lower, with more self-contained studios and mini-flats.

- **Rent:** rooms from about 18 000 FCFA, studios from 30 000 FCFA, mini-flats from 60 000 FCFA.
- **Good for:** second- and third-year students who want more space, couples, students who share a flat.
- **Watch out for:** muddy roads in the rainy season; check the access road before you pay.

## Great Soppo: quiet and green

Great Soppo is higher up the mountain, cooler and calmer, with larger compounds, family houses and apartments.

- **Rent:** few student rooms; flats from about 80 000 FCFA, houses from 150 000 FCFA.
- **Good for:** postgraduate students, young workers, families, anyone who wants silence to read.
- **Watch out for:** you will need a taxi every day, so count transport in your budget, and evenings are cold: bring a blanket.

## How to decide

Write down your lecture times, your monthly budget including transport, and how much noise you can live with. Then use the neighbourhood filter and the **distance to campus** on KamerNest to compare listings side by side before booking visits.`,
    },
    fr: {
      title: "Molyko, Bomaka ou Great Soppo : où habiter ?",
      excerpt:
        "Être à pied des amphis, avoir des nuits calmes ou payer moins cher : les trois quartiers sur lesquels les étudiants nous interrogent le plus, comparés honnêtement.",
      body: `Le quartier où vous habitez à Buea rythme votre année : l'heure du réveil, le budget taxi et la qualité de votre sommeil avant les examens. Voici les trois quartiers qui reviennent le plus souvent dans vos questions.

## Molyko : à côté du campus

Molyko entoure l'entrée principale de l'Université de Buea. La plupart des amphis sont à quelques minutes à pied, il y a des restaurants, des imprimeries et des supermarchés dans chaque rue, et il y a toujours quelque chose d'ouvert.

- **Loyer :** le plus élevé pour les étudiants. Une chambre autonome coûte souvent de 25 000 à 35 000 FCFA par mois, un studio de 40 000 à 55 000 FCFA.
- **Idéal pour :** les étudiants de première année, ceux qui ont cours tôt, ceux qui ne veulent pas payer de transport.
- **Attention :** le bruit les nuits de week-end, les cours surpeuplées et plus de faux agents qu'ailleurs.

## Bomaka : le juste milieu

Bomaka se trouve juste après Molyko. C'est à une courte course de taxi ou une longue marche du campus, et les loyers sont un peu plus bas, avec davantage de studios et de petits appartements.

- **Loyer :** chambres à partir d'environ 18 000 FCFA, studios à partir de 30 000 FCFA, petits appartements à partir de 60 000 FCFA.
- **Idéal pour :** les étudiants de deuxième et troisième année qui veulent plus d'espace, les couples, les colocataires.
- **Attention :** les routes boueuses en saison des pluies ; vérifiez l'accès avant de payer.

## Great Soppo : calme et verdoyant

Great Soppo est plus haut sur la montagne, plus frais et plus calme, avec de grandes cours, des maisons familiales et des appartements.

- **Loyer :** peu de chambres d'étudiants ; appartements à partir d'environ 80 000 FCFA, maisons à partir de 150 000 FCFA.
- **Idéal pour :** les étudiants en master ou doctorat, les jeunes travailleurs, les familles, ceux qui veulent du silence pour lire.
- **Attention :** il faudra prendre un taxi chaque jour, donc comptez le transport dans le budget, et les soirées sont fraîches : prévoyez une couverture.

## Comment choisir

Notez vos horaires de cours, votre budget mensuel transport compris et le niveau de bruit que vous supportez. Utilisez ensuite le filtre par quartier et la **distance au campus** sur KamerNest pour comparer les annonces avant de réserver vos visites.`,
    },
  },
  {
    slug: "avoiding-fake-agents",
    author: "Clovis Ngwa",
    coverCaption: "Avoiding fake agents",
    publishedDaysAgo: 15,
    en: {
      title: "Avoiding fake agents: the warning signs",
      excerpt:
        "Fake agents rent out rooms they do not control and disappear with the advance. Six warning signs, and what to do if you have already paid.",
      body: `A fake agent shows you a room that is not theirs to rent, collects the advance, and disappears. Sometimes the same room is "rented" to several students in one week. The tricks change, but the warning signs do not.

## Six warning signs

1. **They ask for money before the visit.** "Send 5 000 for transport" or "pay a reservation fee or someone else will take it". A real agent shows the room first.
2. **They cannot show the inside.** "The tenant is still there" or "the key is with the landlord in Douala". If you cannot see it, do not pay for it.
3. **There is no landlord.** They refuse to let you meet the landlord or the caretaker, or the "landlord" is a friend on the phone.
4. **The price is too good.** A self-contained studio next to the main gate for 20 000 FCFA a month in September does not exist.
5. **Everything is urgent.** "Three people are coming this afternoon." Pressure is how fraud works.
6. **They want cash only, no receipt.** A professional agent gives receipts and accepts mobile money.

## How KamerNest helps

Agents on KamerNest go through verification: we check their identity, their business details and their licence or registration before they get the **Verified agent** badge. Every listing can be reported with one click, and our team reviews reports every day. Agents with upheld reports lose their badge.

You book visits through the platform, so there is a record of who showed you what and when. Reviews after a visit let other students see how an agent behaves.

## If you have already paid

- Keep every message, phone number and mobile-money receipt.
- Go to the landlord of the property, if you can find them, and explain.
- File a complaint at the police station with your evidence.
- Report the listing and the agent on KamerNest so that nobody else is caught.

Losing money hurts, but speaking up quickly protects the next student.`,
    },
    fr: {
      title: "Éviter les faux agents : les signes qui doivent alerter",
      excerpt:
        "Les faux agents louent des chambres qui ne leur appartiennent pas et disparaissent avec l'avance. Six signes d'alerte, et que faire si vous avez déjà payé.",
      body: `Un faux agent vous montre une chambre qu'il n'a pas le droit de louer, encaisse l'avance et disparaît. Parfois, la même chambre est « louée » à plusieurs étudiants dans la même semaine. Les astuces changent, mais les signes d'alerte restent les mêmes.

## Six signes d'alerte

1. **Il demande de l'argent avant la visite.** « Envoie 5 000 pour le transport » ou « paie la réservation sinon quelqu'un d'autre la prendra ». Un vrai agent montre d'abord la chambre.
2. **Il ne peut pas montrer l'intérieur.** « Le locataire est encore là » ou « la clé est chez le bailleur à Douala ». Si vous ne pouvez pas voir, ne payez pas.
3. **Il n'y a pas de bailleur.** Il refuse que vous rencontriez le bailleur ou le gardien, ou le « bailleur » est un ami au téléphone.
4. **Le prix est trop beau.** Un studio autonome à côté de l'entrée principale à 20 000 FCFA par mois en septembre, cela n'existe pas.
5. **Tout est urgent.** « Trois personnes viennent cet après-midi. » La pression est l'outil de la fraude.
6. **Il veut uniquement du liquide, sans reçu.** Un agent professionnel donne des reçus et accepte le mobile money.

## Comment KamerNest vous aide

Les agents sur KamerNest passent une vérification : nous contrôlons leur identité, leurs coordonnées professionnelles et leur licence ou immatriculation avant de leur accorder le badge **Agent vérifié**. Chaque annonce peut être signalée en un clic, et notre équipe examine les signalements tous les jours. Les agents dont les signalements sont confirmés perdent leur badge.

Vous réservez les visites sur la plateforme : il reste donc une trace de qui vous a montré quoi, et quand. Les avis laissés après une visite permettent aux autres étudiants de savoir comment un agent se comporte.

## Si vous avez déjà payé

- Gardez tous les messages, numéros de téléphone et reçus de mobile money.
- Allez voir le bailleur du logement, si vous pouvez le trouver, et expliquez la situation.
- Portez plainte au commissariat avec vos preuves.
- Signalez l'annonce et l'agent sur KamerNest pour que personne d'autre ne se fasse piéger.

Perdre de l'argent fait mal, mais réagir vite protège le prochain étudiant.`,
    },
  },
  {
    slug: "guest-houses-for-visiting-parents",
    author: "Grace Fon",
    coverCaption: "Guest houses for visiting parents",
    publishedDaysAgo: 6,
    en: {
      title: "Guest houses for parents visiting Buea",
      excerpt:
        "Matriculation, graduation or a first visit: where parents can stay comfortably in Buea, what it costs, and how to book without surprises.",
      body: `Parents often come to Buea at the busiest moments of the year: the first weeks of the academic year, matriculation and graduation. Hotels near campus fill up fast, and a good guest house is often more comfortable and cheaper.

## What a guest house offers

A guest house is usually a large family house with several self-contained rooms, run by the owner. Expect a clean room with its own toilet and shower, a fan or air conditioning, and often breakfast. Many hosts cook local dishes on request and know the town well enough to arrange a taxi for the day.

## What it costs

On KamerNest, guest houses in Buea cost between 8 000 and 25 000 FCFA a night:

- **8 000 to 12 000 FCFA:** simple, clean rooms, often near Mile 17 or Check Point, ideal for one or two nights.
- **12 000 to 18 000 FCFA:** hot water, wifi and breakfast, in Molyko, Bonduma or Great Soppo.
- **18 000 to 25 000 FCFA:** suites, a garden or restaurant, generators for power cuts, usually in the upper town.

## Booking tips

1. **Book early for graduation week.** Rooms near campus are often full two or three weeks before.
2. **Choose a verified host.** The **Verified host** badge means we have checked the owner's identity and the property.
3. **Confirm by WhatsApp.** On KamerNest you send your booking request straight to the host on WhatsApp, with the dates and number of guests. Ask for a confirmation message with the price per night.
4. **Ask about arrival times.** Buses from Douala or Bamenda often arrive late. Make sure someone will be there to open the gate.
5. **Check the way from the motor park.** Mile 17 is where most buses stop; a short taxi ride takes you to Molyko or Great Soppo.

## A note for students

Booking a guest house for your parents through KamerNest needs a small platform access fee, valid for two weeks, so you can contact several hosts and compare before you decide.`,
    },
    fr: {
      title: "Des maisons d'hôtes pour les parents en visite à Buea",
      excerpt:
        "Rentrée, cérémonie de matriculation ou remise des diplômes : où les parents peuvent séjourner confortablement à Buea, à quel prix, et comment réserver sans surprise.",
      body: `Les parents viennent souvent à Buea aux moments les plus chargés de l'année : les premières semaines de la rentrée, la matriculation et la remise des diplômes. Les hôtels proches du campus se remplissent vite, et une bonne maison d'hôtes est souvent plus confortable et moins chère.

## Ce qu'offre une maison d'hôtes

Une maison d'hôtes est en général une grande maison familiale avec plusieurs chambres autonomes, tenue par le propriétaire. Comptez une chambre propre avec toilettes et douche, un ventilateur ou la climatisation, et souvent le petit-déjeuner. Beaucoup d'hôtes préparent des plats locaux sur demande et connaissent assez bien la ville pour organiser un taxi à la journée.

## Combien ça coûte

Sur KamerNest, les maisons d'hôtes de Buea coûtent entre 8 000 et 25 000 FCFA la nuit :

- **8 000 à 12 000 FCFA :** chambres simples et propres, souvent vers Mile 17 ou Check Point, idéales pour une ou deux nuits.
- **12 000 à 18 000 FCFA :** eau chaude, wifi et petit-déjeuner, à Molyko, Bonduma ou Great Soppo.
- **18 000 à 25 000 FCFA :** suites, jardin ou restaurant, groupe électrogène pour les coupures, en général dans les quartiers hauts.

## Conseils de réservation

1. **Réservez tôt pour la remise des diplômes.** Les chambres proches du campus sont souvent complètes deux ou trois semaines avant.
2. **Choisissez un hôte vérifié.** Le badge **Hôte vérifié** signifie que nous avons contrôlé l'identité du propriétaire et le logement.
3. **Confirmez par WhatsApp.** Sur KamerNest, vous envoyez votre demande directement à l'hôte sur WhatsApp, avec les dates et le nombre de personnes. Demandez un message de confirmation avec le prix par nuit.
4. **Précisez l'heure d'arrivée.** Les bus de Douala ou de Bamenda arrivent souvent tard. Assurez-vous que quelqu'un sera là pour ouvrir le portail.
5. **Prévoyez le trajet depuis l'agence de voyage.** La plupart des bus s'arrêtent à Mile 17 ; une courte course de taxi mène à Molyko ou à Great Soppo.

## Un mot pour les étudiants

Réserver une maison d'hôtes pour vos parents via KamerNest demande de petits frais d'accès à la plateforme, valables deux semaines, pour contacter plusieurs hôtes et comparer avant de décider.`,
    },
  },
];
