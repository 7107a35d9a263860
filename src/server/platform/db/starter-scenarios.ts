/**
 * The starter scenarios a fresh install ships (issue 40 §4 'A site that is never empty'): one per
 * genre of shared/genres.ts, written by the site (starter = 1, user_id null, shown as by
 * 'Storie.ai'), each with a title, a description, an opening and two or three world cards
 * (keywords that bring the card into the narrator's prompt). Fixed ids, so seeding is idempotent.
 */

import type { GenreName } from "../../../shared/genres";
import type { StoryCardInput } from "../../../shared/schemas/memory";

export interface StarterScenario {
  /** Fixed UUID: the same row on every install. */
  id: string;
  genre: GenreName;
  title: string;
  description: string;
  /** The narrator's opening (content.initial_prompt and first_message). */
  opening: string;
  /** Stored as written: the fields a card leaves out take their defaults when read (keyword card, enabled). */
  cards: StoryCardInput[];
}

/** A fixed v4-shaped UUID for starter number `n` (1–99). */
const starterId = (n: number) => `5a5a0000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export const STARTER_SCENARIOS: readonly StarterScenario[] = [
  {
    id: starterId(1),
    genre: "Fantasy",
    title: "La biblioteca che respira",
    description: "Nella città di Valdorna c'è una biblioteca viva: di notte i suoi scaffali si spostano e qualcuno ha rubato il libro che la tiene sveglia.",
    opening:
      "Le lanterne di Valdorna si spengono una alla volta mentre attraversi la piazza. Davanti a te la Biblioteca Grande sospira: le sue porte di quercia si aprono e si chiudono piano, come un petto che respira. La custode, Ilde, ti aspetta sulla soglia con una candela in mano. «Il Libro del Risveglio è sparito» sussurra. «Se all'alba non torna al suo posto, la biblioteca si addormenterà per sempre, e con lei tutto ciò che ricorda.»",
    cards: [
      { title: "Ilde la custode", text: "Ilde è un'anziana bibliotecaria dagli occhiali incrinati; conosce ogni corridoio ma ha paura del piano interrato. Mente su una cosa: è stata lei a prestare il libro, anni fa, a un allievo che non l'ha mai reso.", keywords: ["Ilde", "custode", "bibliotecaria"] },
      { title: "Il Libro del Risveglio", text: "Un volume rilegato in corteccia che batte come un cuore. Chi lo legge ad alta voce sente i pensieri della biblioteca. Senza di lui gli scaffali diventano lenti e dimenticano i titoli.", keywords: ["libro", "Risveglio"] },
      { title: "Gli scaffali erranti", text: "Di notte gli scaffali cambiano posto e aprono passaggi verso sale che di giorno non esistono. Chi si perde tra loro riappare al mattino nel reparto degli atlanti.", keywords: ["scaffali", "scaffale", "corridoio"] },
    ],
  },
  {
    id: starterId(2),
    genre: "Storico",
    title: "Il sigillo del Doge",
    description: "Venezia, 1577: la peste è appena finita e dal Palazzo Ducale è sparito il sigillo del Doge. Tu sei uno scrivano che sa troppo.",
    opening:
      "Venezia, luglio 1577. L'odore di calce viva sale ancora dai campi dove si bruciavano i panni dei malati. Sei uno scrivano della Cancelleria e stamattina, riordinando i registri, hai visto un uomo in mantello nero uscire dalla stanza del sigillo con qualcosa sotto il braccio. Ora il Consiglio dei Dieci ha chiuso le porte del Palazzo e nessuno può uscire. Il capitano delle guardie ti guarda da lontano, e sembra aspettare che tu parli.",
    cards: [
      { title: "Il Consiglio dei Dieci", text: "La magistratura più temuta della Repubblica: processi segreti, denunce anonime nelle bocche di leone, nessuna pietà per chi tradisce lo Stato.", keywords: ["Consiglio", "Dieci", "bocca di leone"] },
      { title: "Il capitano Zorzi", text: "Marco Zorzi, capitano delle guardie, è onesto ma indebitato con un mercante di Rialto. Vuole un colpevole prima del tramonto, chiunque sia.", keywords: ["Zorzi", "capitano", "guardie"] },
      { title: "Il sigillo", text: "Un anello d'oro con il leone di San Marco: chi lo possiede può firmare leggi e condanne a nome del Doge. Falsificarlo è punito con la morte.", keywords: ["sigillo", "anello"] },
    ],
  },
  {
    id: starterId(3),
    genre: "Giallo",
    title: "Delitto al Grand Hotel Miramare",
    description: "Una notte di tempesta sulla riviera ligure, un albergo isolato e un ospite trovato morto nella suite numero 7. Il colpevole è ancora tra gli invitati.",
    opening:
      "La tempesta ha fatto crollare la strada costiera e il Grand Hotel Miramare è isolato fino a domattina. Alle undici di sera un grido attraversa i corridoi: il commendator Bellandi è stato trovato senza vita nella suite numero 7, la porta chiusa a chiave dall'interno. Il direttore si volta verso di te, l'unico investigatore tra gli ospiti. «La prego» dice asciugandosi la fronte, «nessuno deve lasciare il salone finché lei non avrà capito.»",
    cards: [
      { title: "Il commendator Bellandi", text: "Industriale del marmo, settant'anni, odiato da mezza Carrara. Aveva cambiato il testamento tre giorni fa. Sul comodino: un bicchiere di cognac a metà e un biglietto bruciato.", keywords: ["Bellandi", "commendatore", "vittima"] },
      { title: "La suite numero 7", text: "Porta chiusa a chiave dall'interno, finestra socchiusa sul balcone che confina con la suite 8. Sul tappeto, sabbia bagnata che non viene dalla spiaggia dell'albergo.", keywords: ["suite", "numero 7", "balcone"] },
      { title: "Gli ospiti", text: "La nipote Clara, che eredita tutto; il segretario Ferri, licenziato ieri; la cantante Vera Lodi, ex amante della vittima; il dottor Sala, che ha constatato il decesso troppo in fretta.", keywords: ["Clara", "Ferri", "Vera", "Sala", "ospiti"] },
    ],
  },
  {
    id: starterId(4),
    genre: "Guerra",
    title: "L'ultimo ponte sul Piave",
    description: "Novembre 1917: dopo Caporetto il tuo plotone deve tenere un ponte per una notte, il tempo che passino gli ultimi civili.",
    opening:
      "Novembre 1917. La pioggia non smette da tre giorni e il Piave è gonfio e marrone. Il tenente ti ha lasciato il comando di nove uomini e di un ponte di legno che domattina il genio farà saltare. Fino ad allora deve restare aperto: dall'altra riva arrivano ancora carri di profughi, donne, bambini, un vecchio con una capra. Tra la nebbia, oltre i campi, si sentono già i primi colpi.",
    cards: [
      { title: "Il plotone", text: "Nove uomini stanchi: il caporale Gennaro, napoletano e sarcastico; Beppe, diciotto anni, alla prima battaglia; Tonin, contadino del posto che conosce ogni guado del fiume.", keywords: ["plotone", "Gennaro", "Beppe", "Tonin"] },
      { title: "Il ponte", text: "Travi di legno marce, cariche esplosive già piazzate sotto il secondo pilone. Il detonatore è nella casa del casellante, sulla riva italiana.", keywords: ["ponte", "cariche", "detonatore"] },
    ],
  },
  {
    id: starterId(5),
    genre: "Avventura",
    title: "La mappa del capitano Orsini",
    description: "Una mappa trovata in un baule di famiglia porta a un'isola che non compare su nessuna carta del Mediterraneo.",
    opening:
      "Il baule del bisnonno sa di sale e di tabacco. Sotto un cappotto da marinaio trovi una mappa disegnata a inchiostro bruno: un'isola a forma di mezzaluna, a sud della Sardegna, dove sulle carte moderne c'è solo mare aperto. Nell'angolo, una firma: Capitano Aurelio Orsini, 1893. E una frase: «Chi arriva con la luna nuova troverà la porta aperta». La prossima luna nuova è fra sei giorni.",
    cards: [
      { title: "Il capitano Orsini", text: "Il bisnonno del protagonista, capitano di un veliero scomparso nel 1894. In paese si dice che sia tornato una sola volta, ricchissimo, e che sia ripartito la notte stessa.", keywords: ["Orsini", "capitano", "bisnonno"] },
      { title: "L'isola mezzaluna", text: "Appare solo con la luna nuova, quando la nebbia si alza dal mare. Ha una baia nascosta, un faro spento e una porta di bronzo scavata nella roccia.", keywords: ["isola", "mezzaluna", "faro"] },
    ],
  },
  {
    id: starterId(6),
    genre: "Romantico",
    title: "Lettere da via dei Tigli",
    description: "Nella tua nuova casa a Torino trovi lettere d'amore mai spedite. Qualcuno continua a scriverle, e sono indirizzate a te.",
    opening:
      "Il trasloco è finito da due giorni e la casa di via dei Tigli ha ancora l'odore della vernice. Stamattina, sotto lo zerbino, c'era una busta color crema con il tuo nome scritto a mano. Dentro, una lettera: «Ti ho vista ieri alla finestra mentre annaffiavi il basilico. Non so come dirtelo di persona, così te lo scrivo». Nessuna firma. Solo un disegno: un tiglio, e una panchina sotto.",
    cards: [
      { title: "Le lettere", text: "Carta color crema, calligrafia elegante, un disegno di tiglio in ogni lettera. Arrivano ogni mattina prima delle sette. Il postino giura di non averle mai portate.", keywords: ["lettera", "lettere", "busta"] },
      { title: "Il caffè all'angolo", text: "Il Caffè dei Tigli, gestito da Nadia, che sa tutto di tutti nel quartiere. Il pasticcere, Luca, arrossisce ogni volta che qualcuno parla di lettere.", keywords: ["caffè", "Nadia", "Luca"] },
    ],
  },
  {
    id: starterId(7),
    genre: "Sci-Fi",
    title: "Stazione Aurora, ultimo turno",
    description: "Sulla stazione orbitante Aurora l'equipaggio è in letargo e il computer di bordo ti sveglia con tre mesi di anticipo. Qualcosa si è agganciato allo scafo.",
    opening:
      "Ti svegli nella capsula di letargo con la gola secca e una voce calma nelle orecchie. «Buongiorno. Sono MIRA, il sistema di bordo della Stazione Aurora. Mi scuso per il risveglio anticipato: mancano novantadue giorni alla fine del viaggio.» Le luci del corridoio lampeggiano di arancione. «Un oggetto non identificato si è agganciato al portello di carico tre. Ha bussato. Quattro volte.»",
    cards: [
      { title: "MIRA", text: "L'intelligenza del sistema di bordo: gentile, precisa, ma nasconde un registro cancellato di sei ore, risalente al giorno in cui la stazione ha cambiato rotta.", keywords: ["MIRA", "computer", "sistema"] },
      { title: "Il portello tre", text: "Il portello di carico più vecchio della stazione. Dall'esterno arriva un colpo regolare ogni novanta secondi, sempre quattro colpi.", keywords: ["portello", "carico", "bussato"] },
      { title: "L'equipaggio", text: "Sei persone in letargo; la comandante Reyes è l'unica ad avere l'accesso ai comandi di rotta, ma svegliarla prima del tempo può ucciderla.", keywords: ["equipaggio", "Reyes", "comandante", "capsula"] },
    ],
  },
  {
    id: starterId(8),
    genre: "Horror",
    title: "La casa sul lago di Varna",
    description: "Erediti una villa sul lago da una zia che non hai mai conosciuto. Gli abitanti del paese non vogliono dirti perché è rimasta vuota per trent'anni.",
    opening:
      "Il notaio ti consegna un mazzo di chiavi arrugginite e non ti guarda negli occhi. «La villa è sua, con tutto quello che c'è dentro» dice, e si alza prima di finire il caffè. Quando arrivi al lago di Varna il sole sta tramontando. La casa è più grande di come l'avevi immaginata, con le finestre del primo piano tutte chiuse da assi di legno. Tutte tranne una. E dietro quella, qualcuno ha appena acceso una candela.",
    cards: [
      { title: "La zia Adele", text: "Adele Varesi visse sola nella villa fino al 1994, poi sparì. Nel suo diario scrive di «quella che abita l'acqua» e di non dover mai lasciare la porta della cantina aperta dopo il tramonto.", keywords: ["Adele", "zia", "diario"] },
      { title: "Il lago", text: "Acqua nera e ferma, senza pesci. Di notte la superficie riflette luci che sulla riva non ci sono.", keywords: ["lago", "acqua", "riva"] },
      { title: "La cantina", text: "Una porta bassa con sette serrature. Dall'interno sale odore di alghe e, a volte, il suono di qualcuno che canta sottovoce.", keywords: ["cantina", "porta", "serrature"] },
    ],
  },
  {
    id: starterId(9),
    genre: "Thriller",
    title: "Quarantotto ore a Milano",
    description: "Ti svegli in una stanza d'albergo di Milano con un passaporto falso, una pistola scarica e un messaggio: hai quarantotto ore.",
    opening:
      "La sveglia dell'albergo suona alle 6:12. Non ricordi di averla puntata, né di essere arrivato a Milano. Sul comodino ci sono un passaporto con la tua faccia e il nome di un altro, una pistola senza proiettili e un telefono che vibra. Sul display un solo messaggio: «Hai 48 ore per consegnare la valigetta. Non fidarti della polizia. Non fidarti di me». Sotto il letto, una valigetta di metallo chiusa con una combinazione.",
    cards: [
      { title: "La valigetta", text: "Metallo satinato, combinazione a sei cifre, pesa più di quanto dovrebbe. Dentro ci sono i documenti che provano una corruzione in un grande appalto pubblico.", keywords: ["valigetta", "combinazione"] },
      { title: "L'ispettrice Donati", text: "Ispettrice della Squadra Mobile, sveglia e testarda. Ti segue da ieri sera: è l'unica di cui potresti fidarti, ma il suo capo è sul libro paga di chi cerca la valigetta.", keywords: ["Donati", "ispettrice", "polizia"] },
    ],
  },
  {
    id: starterId(10),
    genre: "Commedia",
    title: "Il matrimonio di zia Pina",
    description: "Sei il testimone al matrimonio di zia Pina, settantadue anni. Mancano tre ore alla cerimonia e hai perso le fedi, lo sposo e il pappagallo.",
    opening:
      "Sono le dieci del mattino e la chiesa di San Rocco è già piena di fiori. Zia Pina, in un vestito color pesca con più tulle di un sipario, ti prende le mani: «Tesoro, tu hai le fedi, vero? E hai visto Armando? E Garibaldi ha mangiato?». Garibaldi è il pappagallo, ed era nella gabbia fino a un'ora fa. Armando è lo sposo, ed era al bar. Le fedi erano nella tasca della tua giacca. La tasca ha un buco.",
    cards: [
      { title: "Zia Pina", text: "Settantadue anni, terzo matrimonio, organizza tutto lei. Dolcissima finché qualcosa non va secondo i piani; poi diventa un generale.", keywords: ["Pina", "zia", "sposa"] },
      { title: "Garibaldi", text: "Un pappagallo grigio che ripete tutto quello che sente, soprattutto i segreti di famiglia, a voce altissima e nei momenti peggiori.", keywords: ["Garibaldi", "pappagallo"] },
      { title: "Armando", text: "Lo sposo, ex ferroviere, settantacinque anni: quando è nervoso va a giocare a briscola al bar della stazione e perde la cognizione del tempo.", keywords: ["Armando", "sposo", "bar"] },
    ],
  },
  {
    id: starterId(11),
    genre: "Western",
    title: "La diligenza per Santa Rosa",
    description: "Arizona, 1881: sei a bordo dell'ultima diligenza per Santa Rosa, e uno dei passeggeri ha addosso una taglia di mille dollari.",
    opening:
      "La polvere entra da ogni fessura della diligenza. Di fronte a te siedono un predicatore che non ha mai aperto la Bibbia, una donna con una valigia troppo pesante e un giovane che tiene la mano sempre vicino alla fondina. Alla stazione di posta hai visto il manifesto: MILLE DOLLARI, VIVO O MORTO. Il disegno era sbiadito, ma la cicatrice sul mento era quella di uno di loro. Il cocchiere frusta i cavalli: Santa Rosa è a un giorno di viaggio, e stanotte si dorme nel canyon.",
    cards: [
      { title: "La taglia", text: "Mille dollari per Jack «Lince» Morrow, accusato dell'assalto alla banca di Tombstone. Il manifesto dice che ha una cicatrice sul mento, ma non dice che era innocente.", keywords: ["taglia", "Morrow", "Lince", "manifesto"] },
      { title: "Il canyon del Corvo", text: "Un passaggio stretto dove si accampano le diligenze. I banditi della banda Dalton lo usano per gli agguati quando la luna è piena.", keywords: ["canyon", "Corvo", "Dalton"] },
    ],
  },
  {
    id: starterId(12),
    genre: "Cyberpunk",
    title: "Neon su Nuova Napoli",
    description: "Nuova Napoli, 2089: la megacorporazione Vesuvia controlla l'acqua, l'aria e i ricordi. Tu ripari impianti neurali in un vicolo dei Quartieri Bassi.",
    opening:
      "Piove acido sui Quartieri Bassi e le insegne olografiche della Vesuvia Corp tremolano sopra i tetti. Nel tuo laboratorio, tra cavi e saldatori, entra una ragazza con la testa rasata e un impianto neurale che perde luce blu. «Me l'hanno installato ieri, ma non è mio» dice con voce piatta. «Ci sono dentro i ricordi di un altro. E qualcuno sta venendo a riprenderseli.» Fuori, un drone della sicurezza si ferma davanti alla tua porta.",
    cards: [
      { title: "Vesuvia Corp", text: "La corporazione che possiede gli acquedotti, i filtri dell'aria e la rete neurale della città. I suoi agenti in impermeabile grigio non hanno nome, solo un numero.", keywords: ["Vesuvia", "corporazione", "agenti"] },
      { title: "L'impianto", text: "Un impianto neurale militare, non in commercio. Contiene i ricordi di un ingegnere della Vesuvia scomparso, e la chiave per spegnere la rete della città.", keywords: ["impianto", "ricordi", "neurale"] },
      { title: "I Quartieri Bassi", text: "Vicoli sommersi dalla pioggia, mercati di pezzi di ricambio, bande di hacker che si chiamano come i santi patroni.", keywords: ["Quartieri Bassi", "vicolo", "mercato"] },
    ],
  },
  {
    id: starterId(13),
    genre: "Steampunk",
    title: "Il dirigibile dell'inventore",
    description: "Torino, 1887, in un secolo a vapore: il professor Rampolla scompare durante il volo inaugurale del suo dirigibile, lasciando a te le chiavi della sala macchine.",
    opening:
      "Il dirigibile Regina Margherita si alza sopra piazza Castello tra gli applausi e il fumo delle caldaie. Sei l'assistente del professor Rampolla e lo hai visto salire a bordo dieci minuti fa. Ora la sua cabina è vuota: sul tavolo, una tazza di tè ancora calda, un ingranaggio d'ottone e un biglietto con la sua grafia nervosa: «Non lasciare che il motore arrivi a cento giri. Le chiavi sono tue». Sotto di voi, la città diventa sempre più piccola.",
    cards: [
      { title: "Il professor Rampolla", text: "Inventore geniale e distratto, perseguitato dai creditori e da una società segreta di ingegneri che vuole il segreto del suo motore.", keywords: ["Rampolla", "professore", "inventore"] },
      { title: "Il motore a etere", text: "Il cuore del dirigibile: una caldaia che brucia etere invece di carbone. Oltre i cento giri diventa instabile e rischia di esplodere.", keywords: ["motore", "etere", "caldaia", "giri"] },
    ],
  },
  {
    id: starterId(14),
    genre: "Distopico",
    title: "La città del silenzio",
    description: "In una città dove parlare è permesso solo un'ora al giorno, trovi una radio che trasmette voci proibite.",
    opening:
      "Alle 18:00 la sirena suona e la città tace. Da domani fino alle 17:00 nessuno potrà dire una parola: i collari di ascolto registrano ogni sussurro e il Ministero dell'Armonia punisce chi parla fuori orario. Stasera però, nella soffitta di tua nonna, hai trovato una vecchia radio. L'hai accesa per sbaglio, con il volume al minimo. E una voce di donna, chiara e libera, ha detto: «Se mi senti, non sei solo».",
    cards: [
      { title: "Il Ministero dell'Armonia", text: "Governa la città dal grande palazzo bianco. Sostiene che il silenzio ha portato la pace; chi lo infrange sparisce nelle Case del Riposo.", keywords: ["Ministero", "Armonia", "Case del Riposo"] },
      { title: "I collari di ascolto", text: "Collari metallici obbligatori dai dodici anni: registrano la voce e la inviano al Ministero. Un vecchio trucco con la carta stagnola li inganna per pochi minuti.", keywords: ["collare", "collari", "ascolto"] },
      { title: "La voce alla radio", text: "Trasmette ogni notte da un luogo sconosciuto. Si fa chiamare Eco e organizza chi vuole tornare a parlare.", keywords: ["radio", "Eco", "voce"] },
    ],
  },
];
