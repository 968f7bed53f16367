import Foundation

/// A person who lives in one language and asks in another: "what's the upright bass worth" of an
/// inventory that writes `Wert ........ 9.500 €`, "rent for the rehearsal room" of a bank export's
/// `Miete Proberaum`. The words of personal paperwork (an invoice's fields, a bank statement's,
/// a policy's, a contract's) as German, French, Spanish, Catalan, Dutch and Italian files write
/// them, by the English word asked. Retrieval's term matching and gate H's coverage read them
/// through `WordVariants.variants`.
///
/// Only words no English text uses in another sense: not German "Rad" (wheel) or "Tag" (day),
/// not French "caution" (deposit), not Dutch "voor" (front) or "gekocht" (also "cooked").
public enum ForeignLabels {
    /// An English word asked → the words files in other languages write for it.
    static let written: [String: [String]] = {
        var map: [String: [String]] = [:]
        for (words, foreign) in groups {
            for word in words { map[word, default: []].append(contentsOf: foreign) }
        }
        return map
    }()

    /// The forms of `word` (lowercased, as asked) in the other languages; empty when it has none.
    public static func forms(of word: String) -> [String] { written[word] ?? [] }

    /// English words asked (their usual forms) and what other languages write for them.
    static let groups: [([String], [String])] = [
        (["worth", "value", "valued"], ["wert", "zeitwert", "valeur", "valor", "waarde", "valore"]),
        (["serial"], ["seriennr", "seriennummer", "série", "serie"]),
        (["excess", "deductible"], ["selbstbeteiligung", "franchise", "franquicia", "franquícia", "franchigia"]),
        (["fee", "fees"], ["gage", "honorar", "honoraire", "honoraires", "honorarios", "honoraris", "compenso"]),
        (["vat"], ["ust", "mwst", "umsatzsteuer", "mehrwertsteuer", "tva", "iva", "btw"]),
        (["rent", "rental"], ["miete", "kaltmiete", "warmmiete", "loyer", "alquiler", "lloguer", "huur", "affitto"]),
        (["invoice", "invoices", "bill"], ["rechnung", "facture", "factura", "factuur", "fattura"]),
        (["amount"], ["betrag", "summe", "montant", "importe", "bedrag", "importo"]),
        (["due"], ["fällig", "fälligkeit", "échéance", "vencimiento", "venciment", "vervaldatum", "scadenza"]),
        (["total"], ["gesamt", "gesamtbetrag", "summe", "totaal", "totale"]),
        (["balance"], ["saldo", "solde", "kontostand"]),
        (["parking"], ["parken", "parkplatz", "parkhaus", "parkgebühr", "stationnement", "aparcamiento", "aparcament",
                       "parkeren", "parcheggio"]),
        (["deposit"], ["kaution", "fianza", "fiança", "borgsom", "waarborgsom", "cauzione"]),
        (["bought", "purchased", "purchase"], ["gekauft", "kaufdatum", "acheté", "achat", "compra", "comprado", "comprat",
                                               "aankoop", "acquisto"]),
        (["insurance", "insurer", "policy"], ["versicherung", "seguro", "póliza", "assegurança", "pòlissa",
                                              "verzekering", "polis", "assicurazione", "polizza"]),
        (["payment", "paid", "pay"], ["zahlung", "bezahlt", "überweisung", "paiement", "payé", "pago", "pagado", "pagament",
                                      "betaling", "betaald", "pagamento"]),
        (["price", "cost", "costs"], ["preis", "kosten", "prix", "coût", "precio", "coste", "preu", "prijs",
                                      "prezzo", "costo"]),
        (["damage", "damaged"], ["schaden", "beschädigung", "dommage", "dommages", "dégât", "daño", "danys", "schade", "danno"]),
        (["days"], ["tage", "tagen", "jours", "días", "dagen", "giorni"]),
        (["tax"], ["steuer", "steuern", "impôt", "impôts", "impuesto", "impost", "belasting", "imposta"]),
        (["advisor", "adviser", "accountant"], ["steuerberater", "steuerberaterin", "berater", "comptable", "asesor", "gestor",
                                                "gestoría", "gestoria", "boekhouder", "commercialista"]),
        (["wheel"], ["roue", "rueda", "roda", "wiel", "ruota"]),
        (["rear", "back"], ["hinten", "hinterrad", "arrière", "trasera", "trasero", "posterior", "darrere", "achterwiel",
                            "posteriore"]),
        (["grant", "subsidy"], ["zuschuss", "förderung", "subvention", "subvención", "subvenció", "subsidie", "sovvenzione"]),
        (["ambulance"], ["krankenwagen", "rettungswagen", "ambulancia", "ambulància", "ambulanza"]),
        (["doctor", "gp"], ["arzt", "ärztin", "hausarzt", "médecin", "médico", "metge", "huisarts", "medico"]),
        (["phone", "telephone"], ["telefon", "téléphone", "teléfono", "telèfon", "telefoon", "telefono"]),
        (["address"], ["anschrift", "adresse", "dirección", "adreça", "adres", "indirizzo"]),
        (["notice"], ["kündigungsfrist", "kündigung", "préavis", "preaviso", "preavís", "opzegtermijn", "preavviso"]),
        (["cancel", "cancellation", "cancels", "cancelled"], ["storno", "stornierung", "absage", "annulation", "cancelación",
                                                               "cancel·lació", "annulering", "annullamento"]),
        (["fine", "penalty"], ["bußgeld", "strafe", "amende", "multa", "boete"]),
        (["receipt"], ["quittung", "beleg", "kassenbon", "reçu", "recibo", "rebut", "kassabon", "ricevuta"]),
        (["account"], ["konto", "compte", "cuenta", "rekening", "conto"]),
        (["salary", "wage", "wages", "pay"], ["gehalt", "lohn", "salaire", "salario", "salari", "loon", "stipendio"]),
        (["delivery"], ["lieferung", "livraison", "entrega", "lliurament", "levering", "consegna"]),
        (["weight"], ["gewicht", "poids", "peso", "pes"]),
        (["expiry", "expires", "expire"], ["ablaufdatum", "gültig", "expiration", "caducidad", "caducitat", "vervaldatum",
                                            "scadenza"]),
        (["room"], ["zimmer", "raum", "chambre", "habitación", "habitació", "kamer", "stanza"]),
        (["rehearsal", "rehersal"], ["probe", "proberaum", "répétition", "ensayo", "assaig", "repetitie", "prova"]),
        (["bank"], ["banque", "banco", "banc", "banca"]),
    ]
}
